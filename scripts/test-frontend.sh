#!/usr/bin/env bash
# The dashboard's checks: production build, unit tests (Vitest, jsdom), type check.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

bash "$repo/scripts/build-frontend.sh"
cd "$repo/frontend"
report=$(mktemp)
trap 'rm -f "$report"' EXIT
npx vitest run --reporter=default --reporter=json --outputFile.json="$report"
npx tsc --noEmit
# The plain closing line CI reads: "N passed, N failed".
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(`frontend: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);' "$report"
echo "[test-frontend] build, unit tests and type check green" >&2
