#!/usr/bin/env bash
# Builds the admin dashboard (frontend/) into crony-web/target/frontend/static, where
# crony-web's jar picks it up as a resource (served at "/"). Run it before packaging
# crony-web; `./mvnw clean` removes the built dashboard, so build again after a clean.
# With --deps-only it installs the dependencies (when needed) and builds nothing.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo/frontend"

if ! command -v npm >/dev/null 2>&1; then
	echo "[build-frontend] Node.js 20+ with npm is required" >&2
	exit 1
fi

# npm ci only when node_modules is missing or was installed from another package-lock.json.
stamp=node_modules/.crony-package-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
	echo "[build-frontend] npm ci" >&2
	npm ci --no-audit --no-fund
	echo "$want" >"$stamp"
fi

[ "${1:-}" != --deps-only ] || exit 0
npm run build
echo "[build-frontend] built into crony-web/target/frontend/static" >&2
