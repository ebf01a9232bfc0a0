#!/usr/bin/env bash
# The dashboard's checks: production build, unit tests (Vitest, jsdom), type check.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

bash "$repo/scripts/build-frontend.sh"
cd "$repo/frontend"
npx vitest run
npx tsc --noEmit
echo "[test-frontend] build, unit tests and type check green" >&2
