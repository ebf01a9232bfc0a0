#!/usr/bin/env bash
# Every test of every module. Installs what is missing (Debian packages through
# services.sh); integration tests start their own etcd and MariaDB on free ports.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS

bash scripts/services.sh install
bash scripts/test-go.sh
# The Helm chart, offline: lint, render (default and HA values), Kubernetes schemas.
bash scripts/test-chart.sh
# Builds the dashboard into crony-web/target/frontend too, so the jar Maven tests serves it.
bash scripts/test-frontend.sh
# Includes the chaos test's short form (crony-system-tests' ChaosIT: deploy/local-ha's cluster,
# 30 every-second jobs through each fault, about 4 minutes); make chaos runs the long form.
./mvnw -B verify
# The API fuzz pass: schemathesis against crony-web's own OpenAPI document (about a minute).
bash scripts/test-api-fuzz.sh
# The browser tests run the jars just built against their own etcd, MariaDB, web and agent.
bash scripts/test-e2e.sh

echo "make test: all green in $((SECONDS - start)) s"
