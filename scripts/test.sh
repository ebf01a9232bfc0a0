#!/usr/bin/env bash
# Every test of every module. Installs what is missing (Debian packages through
# services.sh); integration tests start their own etcd and MariaDB on free ports.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS

bash scripts/services.sh install
bash scripts/test-go.sh
./mvnw -B verify

echo "make test: all green in $((SECONDS - start)) s"
