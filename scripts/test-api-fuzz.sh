#!/usr/bin/env bash
# The API fuzz pass: schemathesis (PyPI, pinned, in a venv under .crony/) generates
# requests for every operation of crony-web's own /v3/api-docs against a crony-web started
# here from the built jar with its own etcd and MariaDB on free loopback ports (state under
# .crony/api-fuzz, stopped at the end, also on failure). It fuzzes in two roles: as the
# global admin, and as a department admin (a user it creates with the ADMIN role in a
# department `fuzz` it creates, sending X-Crony-Department as the dashboard does). Each
# phase of schemathesis runs: the coverage phase tries every parameter's boundaries (a
# minimum and one below, a maximum and one above, empty and missing values), the fuzzing
# phase CRONY_FUZZ_EXAMPLES random cases per operation, the stateful phase chains
# creations into reads, changes and deletes. It fails on any 5xx, any answer the document
# does not describe (status, content type, body schema), and on any stack trace crony-web
# logged meanwhile. A run's output stream closes after 5 s here
# (crony.web.output-stream.max-duration), so a run that never ends (no agent runs it)
# cannot hold the fuzzer.
#
# Hypothesis's too_slow health check, which times the fuzzer's own generation of examples
# and so the machine's load (make test runs this beside the browser tests and the release
# build), is off; the health checks that say the schema leaves nothing valid to generate
# stay on. A failure or error prints its own section (what was sent, what came back, or the
# exception) into the test log, not only the summary.
#
# Operations that end the fuzzing user's own session (POST /auth/logout, and for the
# global admin PUT /users/{id}, which may change its own password or disable it) would
# turn every later request into a 401, so each runs last, alone, with a session of its own.
#
#   bash scripts/test-api-fuzz.sh        # prints "api-fuzz [ROLE]: N requests, ..." per run and role, then
#                                        # "api-fuzz: N requests, M operations in 2 roles, F failures, ..."
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/api-fuzz
pids=$state/pids
venv=$repo/.crony/venv-fuzz
schemathesis_version=4.32.5
examples=${CRONY_FUZZ_EXAMPLES:-10}
workers=${CRONY_FUZZ_WORKERS:-2}
start=$SECONDS

log() { echo "[api-fuzz] $*" >&2; }
die() {
	log "$*"
	exit 1
}

web_jar=$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar
[ -f "$web_jar" ] || die "missing $web_jar: run ./mvnw -B verify (or package) first"
# The fuzzer's Python. schemathesis runs its workers as threads, and Hypothesis parses source
# with ast.parse to describe its strategies; CPython before 3.11.8 and 3.12.2 could fail that
# parse when another thread's garbage collection ran inside it ("SystemError: AST
# constructor recursion depth mismatch", CPython gh-106905), which schemathesis reports as
# an error of the operation it was generating for. This machine kind's python3 is 3.11.7, so
# the pass takes the newest fixed CPython it finds (python3 itself, python3.13/3.12 on the
# PATH, pyenv's versions), and with none runs one worker, where no two parses meet.
fixed_python() {
	local candidate
	for candidate in python3 python3.13 python3.12 $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3 2>/dev/null | sort -Vr); do
		command -v "$candidate" >/dev/null 2>&1 || continue
		"$candidate" -c 'import sys; v = sys.version_info[:3]; sys.exit(0 if v >= (3, 13) or (3, 12, 2) <= v < (3, 13) or (3, 11, 8) <= v < (3, 12) else 1)' 2>/dev/null &&
			{ command -v "$candidate"; return; }
	done
	return 1
}
if python=$(fixed_python); then
	venv=$venv-$("$python" -c 'import platform; print(platform.python_version())')
else
	python=python3 workers=1
	log "no CPython with gh-106905 fixed (3.11.8, 3.12.2, 3.13 or later) found: one worker"
fi
log "schemathesis on $("$python" --version), $workers workers"
if ! [ -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version | grep -qF "$schemathesis_version"; then
	log "installing schemathesis $schemathesis_version (PyPI) for $("$python" --version)"
	"$python" -m venv "$venv"
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
# shellcheck source=lib/boot-jar.sh
source "$repo/scripts/lib/boot-jar.sh"
mapfile -t web_start < <(boot_jar_args "$web_jar")
CRONY_SECRET_KEY=$(head -c 32 /dev/urandom | base64) CRONY_ADMIN_PASSWORD=$password setsid java -XX:TieredStopAtLevel=1 -Dcrony.fuzz.state="$state" "${web_start[@]}" \
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
# sign_in USER PASSWORD: prints a fresh bearer token of USER
sign_in() {
	local token
	token=$(curl -fsS "$web/api/v1/auth/login" -H 'Content-Type: application/json' \
		--data "{\"username\":\"$1\",\"password\":\"$2\"}" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
	[ -n "$token" ] || die "cannot sign in as $1"
	echo "$token"
}
admin_token=$(sign_in admin "$password")

# the department admin: department `fuzz`, and a user joining it as ADMIN (the role of a
# created user is its role in the request's department)
department=fuzz
curl -fsS -o /dev/null "$web/api/v1/departments" -H "Authorization: Bearer $admin_token" \
	-H 'Content-Type: application/json' --data "{\"name\":\"$department\",\"description\":\"fuzzed\"}" ||
	die "cannot create department $department"
department_password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
curl -fsS -o /dev/null "$web/api/v1/users" -H "Authorization: Bearer $admin_token" -H "X-Crony-Department: $department" \
	-H 'Content-Type: application/json' \
	--data "{\"username\":\"fuzz-admin\",\"password\":\"$department_password\",\"role\":\"ADMIN\"}" ||
	die "cannot create the department admin"
department_token=$(sign_in fuzz-admin "$department_password")

# What the fuzzer reads: crony-web's own document with one change. Import's body is listed
# under application/yaml and the three older names of YAML (application/x-yaml, text/yaml,
# text/x-yaml), which one converter reads alike (YamlConfiguration; JobLifecycleIT sends
# each of them); the coverage phase would send its every boundary case once per name, a
# fifth of all requests each. It fuzzes a body as JSON and as application/yaml; the older
# names stay in the document and in JobLifecycleIT. Every operation stays in.
curl -fsS "$web/v3/api-docs" | python3 -c '
import json, sys
older = {"application/x-yaml", "text/yaml", "text/x-yaml"}
document = json.load(sys.stdin)
for operations in document["paths"].values():
    for operation in operations.values():
        content = operation.get("requestBody", {}).get("content", {}) if isinstance(operation, dict) else {}
        if "application/yaml" in content:
            for name in older & set(content):
                if content[name] == content["application/yaml"]:
                    del content[name]
json.dump(document, sys.stdout)' >"$state/api-docs.json" || die "cannot read $web/v3/api-docs"

session_enders=('POST /api/v1/auth/logout' 'PUT /api/v1/users/{id}')
log "fuzzing $web/v3/api-docs (the YAML aliases of import left to one, $state/api-docs.json): coverage, $examples examples per operation, stateful; as the global admin and as a department admin"
log "run last and alone, each with a session of its own, since they may end the session they are sent with: ${session_enders[*]}"

total_requests=0 total_failures=0 total_traces=0 failed=0
declare -A role_operations=() role_requests=() role_failures=()
# fuzz ROLE LABEL ARGS...: one schemathesis run, its summary into the test log, its counts
# added to the role's and the total
fuzz() {
	local role=$1 label=$2 report=$state/schemathesis-$2.log traces_before traces_after status
	shift 2
	traces_before=$(grep -c $'^\tat ' "$state/logs/web.log" || true)
	set +e
	(cd "$state" && "$venv/bin/schemathesis" run "$state/api-docs.json" --url "$web" \
		--checks not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance \
		--suppress-health-check too_slow \
		--phases examples,coverage,fuzzing,stateful --max-examples "$examples" --workers "$workers" --seed 20261125 --no-color "$@") >"$report" 2>&1
	status=$?
	set -e
	traces_after=$(grep -c $'^\tat ' "$state/logs/web.log" || true)
	# the sections naming each failure and error (at most 80 lines), then the summary
	sed -n '/^=* \(FAILURES\|ERRORS\) =*$/,/^=* SUMMARY =*$/{/SUMMARY/!p}' "$report" | head -80
	sed -n '/SUMMARY/,$p' "$report"
	local requests operations failures traces=$((traces_after - traces_before))
	requests=$(grep -oE '[0-9]+ generated' "$report" | tail -1 | grep -oE '[0-9]+' || echo 0)
	operations=$(sed -n 's/.*Operations: *\([0-9]*\) selected.*/\1/p' "$report" | tail -1)
	failures=$(grep -oE '[0-9]+ unique failures?' "$report" | grep -oE '^[0-9]+' | tail -1 || true)
	[ "$status" -eq 0 ] && [ -n "$requests" ] || failures=${failures:-1}
	echo "api-fuzz [$label]: ${requests:-0} requests, ${operations:-0} operations, ${failures:-0} failures, $traces stack trace lines in the log"
	total_requests=$((total_requests + ${requests:-0}))
	total_failures=$((total_failures + ${failures:-0}))
	total_traces=$((total_traces + traces))
	role_operations[$role]=$((${role_operations[$role]:-0} + ${operations:-0}))
	role_requests[$role]=$((${role_requests[$role]:-0} + ${requests:-0}))
	role_failures[$role]=$((${role_failures[$role]:-0} + ${failures:-0}))
	if [ "$status" -ne 0 ] || [ "$traces" -ne 0 ]; then
		failed=1
		log "[$label] failed: $report, $state/logs/web.log"
	fi
}

global=(-H "Authorization: Bearer $admin_token")
in_department=(-H "X-Crony-Department: $department")
fuzz department-admin department-admin -H "Authorization: Bearer $department_token" "${in_department[@]}" \
	--exclude-name 'POST /api/v1/auth/logout'
# the department admin's sign-out before the global admin's runs: those may delete any
# user, fuzz-admin too, and then it could not sign in again
fuzz department-admin department-admin-logout -H "Authorization: Bearer $(sign_in fuzz-admin "$department_password")" \
	"${in_department[@]}" --include-name "${session_enders[0]}"
fuzz global-admin global-admin "${global[@]}" --exclude-name "${session_enders[0]}" --exclude-name "${session_enders[1]}"
fuzz global-admin global-admin-own-user -H "Authorization: Bearer $(sign_in admin "$password")" \
	--include-name "${session_enders[1]}"
fuzz global-admin global-admin-logout -H "Authorization: Bearer $(sign_in admin "$password")" \
	--include-name "${session_enders[0]}"

documented=$(curl -fsS "$web/v3/api-docs" | python3 -c '
import json, sys
methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
print(sum(1 for ops in json.load(sys.stdin)["paths"].values() for m in ops if m in methods))')
for role in department-admin global-admin; do
	echo "api-fuzz [$role]: ${role_requests[$role]} requests, ${role_operations[$role]} of $documented operations, ${role_failures[$role]} failures"
	[ "${role_operations[$role]}" -eq "$documented" ] || {
		failed=1
		log "$role: ${role_operations[$role]} operations fuzzed, the document has $documented"
	}
done
echo "api-fuzz: $total_requests requests, $documented operations in 2 roles, $total_failures failures, $total_traces stack trace lines in the log ($((SECONDS - start)) s)"
[ "$failed" -eq 0 ] || die "schemathesis found failures, or crony-web logged stack traces: $state/schemathesis-*.log, $state/logs/web.log"
