#!/usr/bin/env bash
# Runs Crony on this machine, end to end: etcd, MariaDB, crony-web (API + dashboard), a
# sample HTTP target, two agents, and a few sample jobs; waits until runs are recorded and
# prints where to look. `run.sh stop` stops what it started (by pid). Safe to run twice.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/run
pids=$state/pids
web_port=${CRONY_WEB_PORT:-8080}
target_port=${CRONY_SAMPLE_TARGET_PORT:-9000}
agent_ports=(8081 8082)
grpc_port=${CRONY_GRPC_PORT:-9190}
# every listener binds loopback only
bind=127.0.0.1
# examples/java-sample: a service on the Java SDK, found by agents through the embedded Eureka
java_sample_port=${CRONY_JAVA_SAMPLE_PORT:-9070}
java_sample_grpc_port=${CRONY_JAVA_SAMPLE_GRPC_PORT:-9170}
mkdir -p "$pids" "$state/logs"

log() { echo "[run] $*" >&2; }

# shellcheck source=lib/pids.sh
source "$repo/scripts/lib/pids.sh"
# Our JVMs run jars under this repo, which their command lines name.
alive() { running_pid "$pids/$1.pid" "$repo" >/dev/null; }
stop_one() { if stop_pid "$pids/$1.pid" "$repo" >/dev/null; then log "$1 stopped"; fi; }

wait_http() {
	local url=$1 what=$2 deadline=$((SECONDS + 180))
	until curl -fsS "$url" >/dev/null 2>&1; do
		if [ $SECONDS -ge $deadline ]; then
			log "$what did not come up; see $state/logs"
			exit 1
		fi
		sleep 0.2
	done
	log "$what is up"
}

# Each process runs from its own copy of the jar, so a later build never changes a jar
# under a running JVM (which then fails to load the classes it has not loaded yet).
start_java() {
	local name=$1 jar=$2
	shift 2
	if alive "$name"; then
		log "$name already running (pid $(cat "$pids/$name.pid")); make stop first to run a new build"
		return
	fi
	mkdir -p "$state/bin"
	cp "$jar" "$state/bin/$name.jar"
	setsid java -jar "$state/bin/$name.jar" "$@" >>"$state/logs/$name.log" 2>&1 </dev/null &
	echo $! >"$pids/$name.pid"
}

# The embedded Eureka server's password (user crony-registry): made once like the admin's;
# web, agents and java-sample carry it in their Eureka URL.
registry_password() {
	local file=$state/registry-password
	if [ ! -s "$file" ]; then
		(umask 077 && head -c 18 /dev/urandom | base64 | tr '+/' '-_' >"$file")
	fi
	cat "$file"
}

# The key secrets are stored encrypted with (AES-256-GCM: alert channel secrets, secret
# target headers): made once, given to web and agents in the environment.
secret_key() {
	local file=$state/secret-key
	if [ ! -s "$file" ]; then
		(umask 077 && head -c 32 /dev/urandom | base64 >"$file")
	fi
	cat "$file"
}

# The first admin's password: made once, handed to crony-web as configuration (it is used
# only while no user exists), kept in a file only this user can read.
admin_password() {
	local file=$state/admin-password
	if [ ! -s "$file" ]; then
		(umask 077 && head -c 18 /dev/urandom | base64 | tr '+/' '-_' >"$file")
	fi
	cat "$file"
}

api() {
	local method=$1 path=$2 body=${3:-}
	curl -sS -m 30 -X "$method" "http://127.0.0.1:$web_port/api/v1$path" -H "Authorization: Bearer $token" \
		-H 'Content-Type: application/json' ${body:+--data "$body"}
}

# Whether the list at $1 (an API path with a query) holds an item named exactly $2: a
# kept state's sample jobs and calendar are not posted again, since crony-web logs each
# refused duplicate as a WARN line that make run-check counts.
named_exists() {
	local list=$1 name=$2
	api GET "$list" | python3 -c 'import json, sys
items = json.load(sys.stdin).get("items", [])
sys.exit(0 if any(item.get("name") == sys.argv[1] for item in items) else 1)' "$name" 2>/dev/null
}

seed_job() {
	local name=$1 schedule=$2 path=$3 extra=${4:-}
	post_job "$name" "$schedule" "{\"name\":\"$name\",\"description\":\"sample job\",\"schedule\":\"$schedule\",\"timeZone\":\"UTC\",
		\"target\":{\"type\":\"HTTP\",\"method\":\"POST\",\"url\":\"http://127.0.0.1:$target_port$path\",
		\"body\":\"{\\\"scheduledAt\\\":\\\"\${scheduledAt}\\\"}\"},\"timeoutSeconds\":10 $extra}"
}

# A job of examples/java-sample, found by the agents in Eureka (lb:// or discovery:///).
seed_java_sample_job() {
	local name=$1 schedule=$2 target=$3 timeout=$4
	post_job "$name" "$schedule" "{\"name\":\"$name\",\"description\":\"java-sample job\",\"schedule\":\"$schedule\",
		\"timeZone\":\"UTC\",\"target\":$target,\"timeoutSeconds\":$timeout,\"overlapPolicy\":\"SKIP\"}"
}

# A sample business calendar (mainland China, 2026, as the browser tests seed it) that the
# nightly sample job follows; check a real calendar against the official arrangement.
seed_calendar() {
	local status
	if named_exists '/calendars?size=200' cn-workdays; then
		log "calendar cn-workdays already there"
		return
	fi
	status=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$web_port/api/v1/calendars" \
		-H "Authorization: Bearer $token" -H 'Content-Type: application/json' --data '{"name":"cn-workdays",
		"description":"sample calendar: mainland China 2026","timeZone":"Asia/Shanghai",
		"workingDays":["MONDAY","TUESDAY","WEDNESDAY","THURSDAY","FRIDAY"],
		"holidays":[{"from":"2026-01-01","to":"2026-01-03","name":"New Year'"'"'s Day"},
			{"from":"2026-02-15","to":"2026-02-23","name":"Spring Festival"},
			{"from":"2026-04-04","to":"2026-04-06","name":"Qingming Festival"},
			{"from":"2026-05-01","to":"2026-05-05","name":"Labour Day"},
			{"from":"2026-06-19","to":"2026-06-21","name":"Dragon Boat Festival"},
			{"from":"2026-09-25","to":"2026-09-27","name":"Mid-Autumn Festival"},
			{"from":"2026-10-01","to":"2026-10-07","name":"National Day"}],
		"workdays":[{"from":"2026-01-04"},{"from":"2026-02-14"},{"from":"2026-02-28"},{"from":"2026-05-09"},
			{"from":"2026-09-20"},{"from":"2026-10-10"}]}')
	case "$status" in
	201) log "seeded calendar cn-workdays" ;;
	409) log "calendar cn-workdays already there" ;;
	*) log "could not seed calendar cn-workdays: HTTP $status" ;;
	esac
}

post_job() {
	local name=$1 schedule=$2 body=$3
	local status
	if named_exists "/jobs?name=$name&size=200" "$name"; then
		log "job $name already there"
		return
	fi
	status=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$web_port/api/v1/jobs" \
		-H "Authorization: Bearer $token" -H 'Content-Type: application/json' --data "$body")
	case "$status" in
	201) log "seeded job $name ($schedule)" ;;
	409) log "job $name already there" ;;
	*) log "could not seed job $name: HTTP $status" ;;
	esac
}

# Where each log make run writes stood when it began, and when it was up (processes
# started, jobs seeded): make run-check (scripts/run-check.sh) reads the logs from there
# and counts its two minutes from then.
mark_logs() {
	local file
	: >"$state/run-started.logs"
	for file in "$state"/logs/{web,sample-target,agent-1,agent-2,java-sample}.log "$state"/{etcd,mariadb}.log; do
		echo "$file $(stat -c %s "$file" 2>/dev/null || echo 0)" >>"$state/run-started.logs"
	done
}
mark_start() {
	{ date +%s; cat "$state/run-started.logs"; } >"$state/run-started.tmp"
	mv "$state/run-started.tmp" "$state/run-started"
	rm -f "$state/run-started.logs"
}

case "${1:-start}" in
start)
	mark_logs
	bash scripts/services.sh up >/dev/null
	log "building (the first time takes a few minutes)"
	bash scripts/build-frontend.sh >/dev/null
	./mvnw -B -q -DskipTests package
	password=$(admin_password)
	registry_password=$(registry_password)
	CRONY_SECRET_KEY=$(secret_key)
	export CRONY_SECRET_KEY
	# crony-web runs the Eureka server here (single box); services and agents find each
	# other in it, signed in as the registry user
	eureka_url="http://crony-registry:$registry_password@127.0.0.1:$web_port/eureka/"

	CRONY_ADMIN_PASSWORD=$password CRONY_EUREKA_SERVER=true CRONY_EUREKA_ENABLED=true EUREKA_URL=$eureka_url \
		CRONY_REGISTRY_PASSWORD=$registry_password \
		start_java web "$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar" --spring.profiles.active=local \
		--server.port="$web_port" --server.address=$bind --grpc.server.port="$grpc_port" --grpc.server.address=$bind
	start_java sample-target "$repo/examples/sample-target/target/sample-target-0.1.0-SNAPSHOT.jar" "$target_port" $bind
	# the agents and java-sample once crony-web answers: their Eureka clients would fail
	# (and say so at WARN) until its registry is up, and the agents wait for the schema
	# its migrations create
	wait_http "http://127.0.0.1:$web_port/actuator/health" "crony-web on :$web_port"
	for i in "${!agent_ports[@]}"; do
		n=$((i + 1))
		CRONY_EUREKA_ENABLED=true EUREKA_URL=$eureka_url \
			start_java "agent-$n" "$repo/crony-agent/target/crony-agent-0.1.0-SNAPSHOT.jar" --spring.profiles.active=local \
			--server.port="${agent_ports[$i]}" --server.address=$bind --crony.agent.id="agent-$n" --crony.agent.weight="$n" \
			--crony.agent.spool-dir="$state/agent-$n/spool"
	done
	# the Eureka URL carries the registry password: in the environment, not on a command
	# line that ps shows every user
	SAMPLE_ADDRESS=$bind EUREKA_URL=$eureka_url \
		start_java java-sample "$repo/examples/java-sample/target/java-sample-0.1.0-SNAPSHOT.jar" \
		--server.port="$java_sample_port" --grpc.server.port="$java_sample_grpc_port"
	wait_http "http://127.0.0.1:$java_sample_port/actuator/health" "java-sample on :$java_sample_port (gRPC :$java_sample_grpc_port)"
	wait_http "http://127.0.0.1:$target_port/ok" "sample target on :$target_port"
	for port in "${agent_ports[@]}"; do
		wait_http "http://127.0.0.1:$port/actuator/health" "agent on :$port"
	done

	# healthy means ready: the first admin exists (crony-web's readiness is part of its health)
	token=$(curl -fsS -m 30 -X POST "http://127.0.0.1:$web_port/api/v1/auth/login" -H 'Content-Type: application/json' \
		--data "{\"username\":\"admin\",\"password\":\"$password\"}" 2>/dev/null | sed -n 's/.*"token":"\([^"]*\)".*/\1/p') || true
	if [ -z "$token" ]; then
		log "cannot sign in as admin with the password in $state/admin-password (changed in the dashboard?); no jobs seeded"
	else
		seed_job sample-every-5s '*/5 * * * * ?' /ok
		seed_job sample-flaky '*/10 * * * * ?' '/flaky?failures=1' ',"retry":{"maxAttempts":3,"backoffSeconds":1}'
		seed_job sample-slow '*/15 * * * * ?' '/sleep?ms=3000' ',"overlapPolicy":"SKIP"'
		seed_calendar
		seed_job sample-nightly '0 0 1 * * ?' /ok \
			',"timeZone":"Asia/Shanghai","calendar":{"name":"cn-workdays","rule":"WORKING_DAYS_ONLY"}'
		seed_java_sample_job java-sample-settle-lb '*/30 * * * * ?' \
			'{"type":"HTTP","method":"POST","url":"lb://java-sample/crony/jobs/settle-orders","mode":"SYNC","body":"{\"orders\":[12.5,7]}"}' 10
		seed_java_sample_job java-sample-rebuild-grpc '0 * * * * ?' \
			'{"type":"GRPC","url":"discovery:///java-sample/rebuild-index","mode":"ASYNC"}' 50
		log "waiting for the first recorded runs"
		deadline=$((SECONDS + 60))
		until api GET '/executions?status=SUCCEEDED&size=1' | grep -q '"total":[1-9]'; do
			if [ $SECONDS -ge $deadline ]; then
				log "no successful run recorded within 60 s; see $state/logs"
				exit 1
			fi
			sleep 0.5
		done
		log "runs are being recorded: $(api GET '/executions?size=1' | sed -n 's/.*"total":\([0-9]*\).*/\1/p') so far"
	fi
	mark_start
	cat <<-MSG

		Crony is running.
		  dashboard         http://127.0.0.1:$web_port/   (user admin, password: $password)
		  API docs          http://127.0.0.1:$web_port/swagger-ui.html
		  SDK reports       REST /api/v1/executions/{id}/result|progress, gRPC 127.0.0.1:$grpc_port
		  Eureka            http://127.0.0.1:$web_port/eureka/ (embedded in crony-web; agents resolve lb:// and discovery:/// here;
		                    user crony-registry, password in $state/registry-password)
		  executions        http://127.0.0.1:$web_port/api/v1/executions (bearer token from POST /api/v1/auth/login)
		  agents            agent-1 on :${agent_ports[0]}, agent-2 on :${agent_ports[1]} (metrics: /actuator/prometheus)
		  sample target     http://127.0.0.1:$target_port/counts (calls per fire)
		  java-sample       http://127.0.0.1:$java_sample_port/crony/jobs/{settle-orders,rebuild-index}, gRPC :$java_sample_grpc_port (Eureka: java-sample)
		  etcd              http://127.0.0.1:23790
		  MariaDB           127.0.0.1:13306 (crony / crony)
		  logs              $state/logs
		Stop it with: make stop
	MSG
	;;
stop)
	# crony-web first: with its leader in office, each agent stopped before the other
	# would be failed over to the one still running, only for its jobs to move again at
	# the next start. Stopped after the leader, every agent keeps its jobs, and the next
	# leader's start grace gives it one lease TTL to come back. A job moved all the same
	# goes by its misfire policy at its new holder: each agent leaves its stop mark as it
	# stops (FormerHolderFires), so its missed instants are not recorded MISSED.
	stop_one web
	for n in 2 1; do stop_one "agent-$n"; done
	stop_one java-sample
	stop_one sample-target
	bash scripts/services.sh down
	;;
*)
	echo "usage: run.sh start|stop" >&2
	exit 2
	;;
esac
