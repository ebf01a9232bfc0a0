#!/usr/bin/env bash
# The API fuzz pass: schemathesis (PyPI, pinned, in a venv under .crony/) generates
# requests for every operation of crony-web's own /v3/api-docs, signed in as the admin,
# against a crony-web started here from the built jar with its own etcd and MariaDB on
# free loopback ports (state under .crony/api-fuzz, stopped at the end, also on failure).
# It fails on any 5xx, any answer the document does not describe (status, content type,
# body schema), and on any stack trace crony-web logged meanwhile. A run's output stream
# closes after 5 s here (crony.web.output-stream.max-duration), so a run that never ends
# (no agent runs it) cannot hold the fuzzer.
#
# Left out: POST /auth/logout and /users/{id} (they would revoke or change the fuzzing
# admin's own session); both are covered by AuthIT and LoginProtectionIT.
#
#   bash scripts/test-api-fuzz.sh        # prints "api-fuzz: N requests, M operations, F failures"
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/api-fuzz
pids=$state/pids
venv=$repo/.crony/venv-fuzz
schemathesis_version=4.32.5
examples=${CRONY_FUZZ_EXAMPLES:-10}
start=$SECONDS

log() { echo "[api-fuzz] $*" >&2; }
die() {
	log "$*"
	exit 1
}

web_jar=$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar
[ -f "$web_jar" ] || die "missing $web_jar: run ./mvnw -B verify (or package) first"
if ! [ -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version | grep -qF "$schemathesis_version"; then
	log "installing schemathesis $schemathesis_version (PyPI)"
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q "schemathesis==$schemathesis_version"
fi
bash scripts/services.sh install

# shellcheck source=lib/pids.sh
source "$repo/scripts/lib/pids.sh"
stop_all() {
	stop_pid "$pids/web.pid" "$state" >/dev/null || true
	CRONY_STATE_DIR=$state bash "$repo/scripts/services.sh" down || true
}
stop_all
rm -rf "$state"
mkdir -p "$pids" "$state/logs"
trap 'status=$?; stop_all; [ $status -eq 0 ] || log "failed; logs in $state"; exit $status' EXIT
trap 'exit 130' INT TERM

read -r etcd_port etcd_peer_port db_port web_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
for s in socks: s.close()')
export CRONY_STATE_DIR=$state CRONY_ETCD_PORT=$etcd_port CRONY_ETCD_PEER_PORT=$etcd_peer_port CRONY_DB_PORT=$db_port
bash scripts/services.sh up >/dev/null

password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
CRONY_SECRET_KEY=$(head -c 32 /dev/urandom | base64) CRONY_ADMIN_PASSWORD=$password setsid java -XX:TieredStopAtLevel=1 -Dcrony.fuzz.state="$state" -jar "$web_jar" \
	--spring.profiles.active=local --server.address=127.0.0.1 --server.port="$web_port" --grpc.server.port=0 \
	--spring.datasource.url="jdbc:mysql://127.0.0.1:$db_port/crony?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true" \
	--crony.etcd.endpoints="http://127.0.0.1:$etcd_port" --crony.etcd.prefix=/crony-fuzz \
	--crony.web.output-stream.max-duration=5s \
	>"$state/logs/web.log" 2>&1 </dev/null &
echo $! >"$pids/web.pid"

web=http://127.0.0.1:$web_port
deadline=$((SECONDS + 150))
until curl -fsS -m 5 "$web/actuator/health" >/dev/null 2>&1; do
	running_pid "$pids/web.pid" "$state" >/dev/null || die "crony-web exited; see $state/logs/web.log"
	[ $SECONDS -lt $deadline ] || die "crony-web did not come up; see $state/logs/web.log"
	sleep 0.2
done
token=$(curl -fsS "$web/api/v1/auth/login" -H 'Content-Type: application/json' \
	--data "{\"username\":\"admin\",\"password\":\"$password\"}" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || die "cannot sign in as admin"

log "fuzzing $web/v3/api-docs ($examples examples per operation and phase)"
set +e
(cd "$state" && "$venv/bin/schemathesis" run "$web/v3/api-docs" --url "$web" \
	-H "Authorization: Bearer $token" \
	--checks not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance \
	--max-examples "$examples" --seed 20261125 --no-color \
	--exclude-path /api/v1/auth/logout --exclude-path '/api/v1/users/{id}') >"$state/schemathesis.log" 2>&1
fuzz_status=$?
set -e
# the report's summary into the test log
sed -n '/SUMMARY/,$p' "$state/schemathesis.log"

requests=$(grep -oE '[0-9]+ generated' "$state/schemathesis.log" | tail -1 | grep -oE '[0-9]+' || echo 0)
operations=$(sed -n 's/.*Tested: \([0-9]*\).*/\1/p' "$state/schemathesis.log" | tail -1)
failures=$(grep -oE '[0-9]+ unique failures' "$state/schemathesis.log" | grep -oE '[0-9]+' | tail -1 || true)
traces=$(grep -c $'^\tat ' "$state/logs/web.log" || true)
echo "api-fuzz: ${requests:-0} requests, ${operations:-0} operations, ${failures:-0} failures, ${traces} stack trace lines in the log ($((SECONDS - start)) s)"
[ "$fuzz_status" -eq 0 ] || die "schemathesis found failures: $state/schemathesis.log"
[ "$traces" -eq 0 ] || die "crony-web logged stack traces while fuzzed: $state/logs/web.log"
