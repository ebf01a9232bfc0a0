#!/usr/bin/env bash
# Regenerates the dashboard's API types from crony-web's OpenAPI document: crony-web's
# DashboardRoutingIT (its own etcd and MariaDB, as every integration test) writes the
# served /v3/api-docs to frontend/src/api/openapi.json, then openapi-typescript turns it
# into frontend/src/api/schema.ts. Commit both. make check fails when schema.ts is not
# what the committed document gives, make test when the document is not the served one.
#
#   bash scripts/api-types.sh          # after changing an API body, a route or its annotations
#   API_TYPES_OFFLINE=0 bash ...       # let Maven download (a fresh machine)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
offline=(-o)
[ "${API_TYPES_OFFLINE:-1}" != 0 ] || offline=()
./mvnw -B "${offline[@]}" -q -pl crony-web -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
	-Dit.test='DashboardRoutingIT#theDashboardsCopyOfTheApiDocumentIsTheServedOne' \
	-Dfailsafe.failIfNoSpecifiedTests=false -Dcrony.openapi.write=true
bash scripts/build-frontend.sh --deps-only
cd frontend
npm run --silent api-types
echo "[api-types] frontend/src/api/openapi.json and frontend/src/api/schema.ts regenerated" >&2
