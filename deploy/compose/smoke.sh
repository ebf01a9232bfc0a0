#!/usr/bin/env bash
# Plays the compose stack end to end with podman-compose: up, a job fires on the sample
# target, down, up again with the data kept in the volumes (the job and its runs are still
# there and it keeps firing), then down with the volumes removed. Runs as its own compose
# project (crony-smoke) on free loopback ports, with secrets made for the run in an env
# file under .crony/compose-smoke, so it never touches a stack of yours.
#
#   bash deploy/compose/smoke.sh        (make compose-smoke)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
state=$repo/.crony/compose-smoke
export CONTAINERS_CONF=${CONTAINERS_CONF:-$repo/deploy/images/containers.conf}
project=crony-smoke

log() { echo "[compose-smoke] $*" >&2; }
die() {
	log "$*"
	exit 1
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

venv=$repo/.crony/venv-deploy
if [ ! -x "$venv/bin/podman-compose" ]; then
	log "installing podman-compose (PyPI)"
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q 'podman-compose==1.6.0'
fi
bash deploy/images/build.sh

mkdir -p "$state"
env_file=$state/crony.env
db_password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
admin_password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
(
	umask 077
	cat >"$env_file" <<-ENV
		MARIADB_PASSWORD=$db_password
		SPRING_DATASOURCE_PASSWORD=$db_password
		CRONY_ADMIN_PASSWORD=$admin_password
		CRONY_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
	ENV
)
# the containers' secrets (env_file) and compose's own variables come from the same file
export CRONY_ENV_FILE=$env_file
export CRONY_WEB_1_PORT CRONY_WEB_2_PORT CRONY_SAMPLE_TARGET_PORT
CRONY_WEB_1_PORT=$(free_port)
CRONY_WEB_2_PORT=$(free_port)
CRONY_SAMPLE_TARGET_PORT=$(free_port)
web=http://127.0.0.1:$CRONY_WEB_1_PORT

compose() { "$venv/bin/podman-compose" -p "$project" -f deploy/compose/compose.yaml --env-file "$env_file" "$@"; }

cleanup() {
	local status=$?
	if [ $status -ne 0 ]; then
		compose logs --tail 40 web-1 agent-1 >"$state/failure.log" 2>&1 || true
		log "failed; last log lines in $state/failure.log"
	fi
	compose down -v >/dev/null 2>&1 || true
	rm -f "$env_file"
	exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_up() {
	local deadline=$((SECONDS + 240))
	until curl -fsS "$web/actuator/health" >/dev/null 2>&1 && curl -fsS "http://127.0.0.1:$CRONY_WEB_2_PORT/actuator/health" >/dev/null 2>&1; do
		[ $SECONDS -lt $deadline ] || die "crony-web did not become healthy within 240 s"
		sleep 1
	done
}

login() {
	curl -fsS "$web/api/v1/auth/login" -H 'Content-Type: application/json' \
		--data "{\"username\":\"admin\",\"password\":\"$admin_password\"}" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p'
}

api() { curl -fsS -m 30 "$web/api/v1$1" -H "Authorization: Bearer $token" "${@:2}"; }

succeeded_runs() { api "/executions?jobId=$1&status=SUCCEEDED&size=1" | sed -n 's/.*"total":\([0-9]*\).*/\1/p'; }

wait_runs_above() {
	local job=$1 floor=$2 deadline=$((SECONDS + 120)) n
	while :; do
		n=$(succeeded_runs "$job")
		[ "${n:-0}" -gt "$floor" ] && {
			echo "$n"
			return
		}
		[ $SECONDS -lt $deadline ] || die "job $job: no successful run beyond $floor within 120 s"
		sleep 1
	done
}

# every Crony container passes its image's health check (podman runs it on demand here:
# without systemd nothing runs it on a timer); agents once failed it, asking for a probe
# group only Kubernetes turned on
wait_healthy() {
	local deadline=$((SECONDS + 180)) service id
	for service in web-1 web-2 agent-1 agent-2; do
		id=$(podman ps -q --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=$service")
		[ -n "$id" ] || die "no container for $service"
		until podman healthcheck run "$id" >/dev/null 2>&1; do
			[ $SECONDS -lt $deadline ] || die "$service is not healthy (its image's health check fails)"
			sleep 2
		done
	done
	log "web-1, web-2, agent-1, agent-2 healthy"
}

log "up (project $project, web on :$CRONY_WEB_1_PORT and :$CRONY_WEB_2_PORT)"
compose up -d >/dev/null 2>&1
wait_up
wait_healthy
token=$(login)
[ -n "$token" ] || die "cannot sign in as admin"
job=$(api /jobs -H 'Content-Type: application/json' --data '{"name":"compose-smoke","schedule":"* * * * * ?",
	"timeZone":"UTC","target":{"type":"HTTP","method":"POST","url":"http://sample-target:9000/ok"},"timeoutSeconds":10}' |
	sed -n 's/^{"id":\([0-9]*\).*/\1/p')
[ -n "$job" ] || die "could not create the job"
first=$(wait_runs_above "$job" 2)
log "job $job fired: $first successful runs"

log "down, keeping the volumes"
compose down >/dev/null 2>&1
log "up again"
compose up -d >/dev/null 2>&1
wait_up
token=$(login)
[ -n "$token" ] || die "cannot sign in as admin after the second up"
api "/jobs/$job" >/dev/null || die "job $job is gone after down and up: the volumes did not keep the database"
kept=$(succeeded_runs "$job")
[ "${kept:-0}" -ge "$first" ] || die "runs recorded before down: $first, after up: ${kept:-0}"
again=$(wait_runs_above "$job" "$kept")
log "kept across down/up: job $job and its $kept runs; firing again ($again runs)"
log "passed"
