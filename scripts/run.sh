#!/usr/bin/env bash
# Runs Crony on this machine: etcd, MariaDB, crony-web. `run.sh stop` stops what it started.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/run
pids=$state/pids
web_port=${CRONY_WEB_PORT:-8080}
mkdir -p "$pids" "$state/logs"

log() { echo "[run] $*" >&2; }

# Counts only while the process is still the one we started (its command line names our jar).
alive() {
	local file=$pids/$1.pid pid
	[ -f "$file" ] || return 1
	pid=$(cat "$file")
	[ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2"
}

wait_http() {
	local url=$1 what=$2 deadline=$((SECONDS + 120))
	until curl -fsS "$url" >/dev/null 2>&1; do
		if [ $SECONDS -ge $deadline ]; then
			log "$what did not come up; see $state/logs"
			exit 1
		fi
		sleep 0.2
	done
	log "$what is up"
}

start_java() {
	local name=$1 jar=$2
	shift 2
	if alive "$name" "$jar"; then
		log "$name already running (pid $(cat "$pids/$name.pid"))"
		return
	fi
	setsid java -jar "$jar" "$@" >>"$state/logs/$name.log" 2>&1 </dev/null &
	echo $! >"$pids/$name.pid"
}

stop_one() {
	local name=$1 file=$pids/$1.pid pid
	[ -f "$file" ] || return 0
	pid=$(cat "$file")
	if [ -d "/proc/$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$repo"; then
		kill -TERM "$pid" 2>/dev/null || true
		local deadline=$((SECONDS + 30))
		while [ -d "/proc/$pid" ] && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
		[ -d "/proc/$pid" ] && kill -KILL "$pid" 2>/dev/null || true
		log "$name stopped"
	fi
	rm -f "$file"
}

case "${1:-start}" in
start)
	bash scripts/services.sh up >/dev/null
	log "building (first time takes a few minutes)"
	bash scripts/build-frontend.sh >/dev/null
	./mvnw -B -q -DskipTests package
	web_jar=$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar
	start_java web "$web_jar" --server.port="$web_port"
	wait_http "http://127.0.0.1:$web_port/actuator/health" "crony-web on :$web_port"
	password=$(grep -ho 'initial admin password: [^ ]*' "$state/logs/web.log" | tail -1 | cut -d' ' -f4 || true)
	cat <<-MSG

		Crony is running.
		  dashboard / API   http://127.0.0.1:$web_port   (API docs: /swagger-ui.html)
		  login             admin / ${password:-"(set earlier; see the first start's log in $state/logs/web.log)"}
		  etcd              http://127.0.0.1:23790
		  MariaDB           127.0.0.1:13306 (crony / crony)
		  logs              $state/logs
		Stop it with: make stop
	MSG
	;;
stop)
	stop_one web
	bash scripts/services.sh down
	;;
*)
	echo "usage: run.sh start|stop" >&2
	exit 2
	;;
esac
