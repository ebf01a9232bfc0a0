#!/usr/bin/env bash
# The dashboard's checks: production build, unit tests (Vitest, jsdom; with coverage when
# TEST_FRONTEND_COVERAGE=1), type check, the API types against the committed API document,
# ESLint.
# TEST_FRONTEND_BUILD=0 skips the production build (make check: the unit tests and the
# type check need only the dependencies; the build is for the jar crony-web serves).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [ "${TEST_FRONTEND_BUILD:-1}" = 0 ]; then
	bash "$repo/scripts/build-frontend.sh" --deps-only
else
	bash "$repo/scripts/build-frontend.sh"
fi
cd "$repo/frontend"
report=$(mktemp)
trap 'rm -f "$report"' EXIT
# TEST_FRONTEND_COVERAGE=1 (make test) also measures coverage (V8), summary into .crony/coverage/frontend
coverage=()
if [ "${TEST_FRONTEND_COVERAGE:-0}" = 1 ]; then
	coverage=(--coverage.enabled --coverage.reportsDirectory="$repo/.crony/coverage/frontend")
fi
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" ${coverage[@]+"${coverage[@]}"}
npm run --silent typecheck
# The API types (src/api/schema.ts) are generated from the committed API document
# (src/api/openapi.json; crony-web's DashboardRoutingIT checks that it is the served one).
fresh=$(mktemp --suffix=.ts)
trap 'rm -f "$report" "$fresh"' EXIT
npx openapi-typescript src/api/openapi.json >"$fresh"
if ! diff -q src/api/schema.ts "$fresh" >/dev/null; then
	diff -u src/api/schema.ts "$fresh" | head -40 >&2 || true
	echo "[test-frontend] frontend/src/api/schema.ts is not what frontend/src/api/openapi.json gives:" \
		"run \`cd frontend && npm run api-types\` (after an API change: bash scripts/api-types.sh) and commit it" >&2
	exit 1
fi
npm run --silent lint
# The plain closing line CI reads: "N passed, N failed".
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(`frontend: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);' "$report"
echo "[test-frontend] $([ "${TEST_FRONTEND_BUILD:-1}" = 0 ] || echo "build, ")unit tests, type check, API types and ESLint green" >&2
