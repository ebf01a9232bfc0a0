#!/usr/bin/env bash
# A real Crony HA cluster on this machine, on loopback: a 3-member etcd cluster, MariaDB,
# two crony-web instances (one leads, elected through etcd), three crony-agents and the
# sample target, every one its own process; web and agents get all three etcd endpoints.
#
#   cluster.sh up                    start what is not running yet (builds the jars if missing)
#   cluster.sh down                  stop everything this state dir started (by pid, never by name)
#   cluster.sh status                what runs where, the web leader, the etcd leader
#   cluster.sh env                   ports, URLs and credentials as KEY=value lines
#   cluster.sh kill    <part>        SIGKILL (kill -9)
#   cluster.sh stop    <part>        SIGTERM, then SIGKILL after 30 s
#   cluster.sh start   <part>        start it again, on the same ports
#   cluster.sh restart <part>        stop, then start
#   cluster.sh freeze  <part>        SIGSTOP: alive but answering nothing
#   cluster.sh thaw    <part>        SIGCONT
#   cluster.sh leader                the web instance that leads now (web-1 or web-2)
#   cluster.sh etcd-leader           the etcd member that leads now (etcd-1..3)
#   cluster.sh build                 build the dashboard and the three jars
#
# Parts: etcd-1 etcd-2 etcd-3 db web-1 web-2 agent-1 agent-2 agent-3 target, and the
# aliases `leader` (the web leader) and `etcd-leader`.
#
# Settings (environment):
#   CRONY_HA_STATE        state dir (default <repo>/.crony/local-ha): data, logs, pids, ports
#   CRONY_HA_<NAME>_PORT  a fixed port instead of a free one, taken at the first up only:
#                         ETCD_1..3 (client), ETCD_1..3_PEER, DB, WEB_1, WEB_2, WEB_1_GRPC,
#                         WEB_2_GRPC, AGENT_1..3, TARGET (e.g. CRONY_HA_WEB_1_PORT=8180)
#   CRONY_HA_WEB_JAR, CRONY_HA_AGENT_JAR, CRONY_HA_TARGET_JAR   jars (default: target/ of each module)
#   CRONY_HA_JAVA_OPTS    JVM options of web and agents (default small heaps, serial GC)
#   CRONY_HA_WAIT_SECONDS how long to wait for a part to become healthy (default 300)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
state=${CRONY_HA_STATE:-$repo/.crony/local-ha}
wait_seconds=${CRONY_HA_WAIT_SECONDS:-300}
java_opts=${CRONY_HA_JAVA_OPTS:--Xms64m -Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError}
web_jar=${CRONY_HA_WEB_JAR:-$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar}
agent_jar=${CRONY_HA_AGENT_JAR:-$repo/crony-agent/target/crony-agent-0.1.0-SNAPSHOT.jar}
target_jar=${CRONY_HA_TARGET_JAR:-$repo/examples/sample-target/target/sample-target-0.1.0-SNAPSHOT.jar}
prefix=/crony
db_name=crony
db_user=crony
pids=$state/pids
logs=$state/logs
bind=127.0.0.1

# shellcheck source=../../scripts/lib/pids.sh
source "$repo/scripts/lib/pids.sh"

log() { echo "[local-ha] $*" >&2; }
die() {
	log "$*"
	exit 1
}

# --- ports -----------------------------------------------------------------------------

port_names=(ETCD_1 ETCD_2 ETCD_3 ETCD_1_PEER ETCD_2_PEER ETCD_3_PEER DB WEB_1 WEB_2 WEB_1_GRPC WEB_2_GRPC
	AGENT_1 AGENT_2 AGENT_3 TARGET)

# Free ports, picked once and kept in $state/ports.env so every restart of a part finds it
# on the same port (etcd members know each other's peer URLs). They are drawn below the
# kernel's ephemeral range (32768 and up), so an outgoing connection never holds one while
# its part is down, and never one of make run's fixed ports.
pick_ports() {
	local file=$state/ports.env
	[ -s "$file" ] && return 0
	local fixed=() name var
	for name in "${port_names[@]}"; do
		var=CRONY_HA_${name}_PORT
		fixed+=("$name=${!var:-}")
	done
	command -v python3 >/dev/null || die "python3 is needed to pick free ports"
	python3 - "${fixed[@]}" >"$file.tmp" <<-'PY'
		import random, socket, sys
		avoid = {8080, 8081, 8082, 9000, 9070, 9170, 9190, 13306, 23790, 23800}
		taken = set()
		wanted = [arg.split("=", 1) for arg in sys.argv[1:]]
		for _, value in wanted:
		    if value:
		        taken.add(int(value))
		def free(port):
		    with socket.socket() as s:
		        try:
		            s.bind(("127.0.0.1", port))
		            return True
		        except OSError:
		            return False
		for name, value in wanted:
		    if not value:
		        while True:
		            port = random.randrange(20000, 32000)
		            if port not in avoid and port not in taken and free(port):
		                break
		        taken.add(port)
		        value = port
		    print(f"{name}={value}")
	PY
	mv "$file.tmp" "$file"
}

load_ports() {
	[ -s "$state/ports.env" ] || die "no cluster in $state (run: cluster.sh up)"
	# shellcheck disable=SC1091
	source "$state/ports.env"
	etcd_endpoints="http://$bind:$ETCD_1,http://$bind:$ETCD_2,http://$bind:$ETCD_3"
	db_url="jdbc:mysql://$bind:$DB/$db_name?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true"
}

# --- secrets: made once, kept in files only this user reads ------------------------------

secret() {
	local file=$state/$1 bytes=${2:-18}
	if [ ! -s "$file" ]; then
		(umask 077 && head -c "$bytes" /dev/urandom | base64 | tr '+/' '-_' >"$file")
	fi
	cat "$file"
}
# AES-256-GCM key (standard base64 of 32 bytes) for stored secrets, the same on web and agents
secret_key() {
	local file=$state/secret-key
	if [ ! -s "$file" ]; then
		(umask 077 && head -c 32 /dev/urandom | base64 >"$file")
	fi
	cat "$file"
}

# --- processes ---------------------------------------------------------------------------

# Every process of this cluster names $state on its command line (jar copy, data dir).
pid_of() { running_pid "$pids/$1.pid" "$state"; }
alive() { pid_of "$1" >/dev/null; }

# The db pid file is services.sh's own.
pid_file() {
	case "$1" in
	db) echo "$state/db/mariadb.pid" ;;
	*) echo "$pids/$1.pid" ;;
	esac
}
part_pid() { running_pid "$(pid_file "$1")" "$state"; }

wait_until() {
	local what=$1
	shift
	local deadline=$((SECONDS + wait_seconds))
	until "$@" >/dev/null 2>&1; do
		[ $SECONDS -lt $deadline ] || die "$what did not come up within ${wait_seconds} s; see $logs"
		sleep 0.2
	done
	log "$what is up"
}

http_ok() { curl -fsS -m 5 "$1" >/dev/null; }

ctl() { ETCDCTL_API=3 etcdctl --endpoints="$etcd_endpoints" --command-timeout=5s "$@"; }

# --- etcd --------------------------------------------------------------------------------

member_ports() {
	local n=$1 c p
	c=ETCD_$n
	p=ETCD_${n}_PEER
	echo "${!c} ${!p}"
}

start_etcd() {
	local n=$1 name=etcd-$1 client peer
	read -r client peer <<<"$(member_ports "$n")"
	if alive "$name"; then return 0; fi
	mkdir -p "$state/$name"
	local cluster="etcd-1=http://$bind:$ETCD_1_PEER,etcd-2=http://$bind:$ETCD_2_PEER,etcd-3=http://$bind:$ETCD_3_PEER"
	# a member with data rejoins with what its data dir says; the initial flags matter once
	setsid etcd --name "$name" --data-dir "$state/$name" \
		--listen-client-urls "http://$bind:$client" --advertise-client-urls "http://$bind:$client" \
		--listen-peer-urls "http://$bind:$peer" --initial-advertise-peer-urls "http://$bind:$peer" \
		--initial-cluster "$cluster" --initial-cluster-token crony-local-ha --initial-cluster-state new \
		--auto-compaction-mode periodic --auto-compaction-retention 1h \
		>>"$logs/$name.log" 2>&1 </dev/null &
	echo $! >"$pids/$name.pid"
	log "$name started (client :$client, peer :$peer)"
}

etcd_member_healthy() {
	local client
	read -r client _ <<<"$(member_ports "$1")"
	ETCDCTL_API=3 etcdctl --endpoints="http://$bind:$client" --command-timeout=3s endpoint health
}

etcd_cluster_healthy() { ctl endpoint health; }

# --- MariaDB (scripts/services.sh, in its own state dir under ours) ----------------------

services_db() {
	CRONY_STATE_DIR=$state/db CRONY_DB_PORT=$DB CRONY_DB_NAME=$db_name CRONY_DB_USER=$db_user \
		CRONY_DB_PASSWORD="$(secret db-password)" CRONY_WAIT_SECONDS=$wait_seconds \
		bash "$repo/scripts/services.sh" "$@" >/dev/null
}

# --- Java parts --------------------------------------------------------------------------

# Each process runs from its own copy of the jar (as make run does), so a rebuild never
# changes a jar under a running JVM.
start_java() {
	local name=$1 jar=$2
	shift 2
	if alive "$name"; then return 0; fi
	[ -f "$jar" ] || die "no jar at $jar (run: cluster.sh build)"
	mkdir -p "$state/bin"
	cp "$jar" "$state/bin/$name.jar"
	# shellcheck disable=SC2086
	setsid java $java_opts -jar "$state/bin/$name.jar" "$@" >>"$logs/$name.log" 2>&1 </dev/null &
	echo $! >"$pids/$name.pid"
	log "$name started"
}

web_env() {
	export CRONY_DB_URL=$db_url CRONY_DB_USER=$db_user
	CRONY_DB_PASSWORD=$(secret db-password)
	CRONY_SECRET_KEY=$(secret_key)
	CRONY_ADMIN_PASSWORD=$(secret admin-password)
	export CRONY_DB_PASSWORD CRONY_SECRET_KEY CRONY_ADMIN_PASSWORD
}

start_web() {
	local n=$1 port grpc
	port=WEB_$n
	grpc=WEB_${n}_GRPC
	(
		web_env
		start_java "web-$n" "$web_jar" --server.port="${!port}" --server.address=$bind \
			--grpc.server.port="${!grpc}" --grpc.server.address=$bind \
			--crony.web.cluster.instance-id="web-$n" --crony.etcd.endpoints="$etcd_endpoints" \
			--crony.etcd.prefix=$prefix --crony.target-policy.allow-loopback=true \
			--crony.alert.dashboard-url="http://$bind:${!port}"
	)
}

start_agent() {
	local n=$1 port
	port=AGENT_$n
	(
		web_env
		unset CRONY_ADMIN_PASSWORD
		start_java "agent-$n" "$agent_jar" --server.port="${!port}" --server.address=$bind \
			--crony.agent.id="agent-$n" --crony.agent.spool-dir="$state/agent-$n/spool" \
			--crony.etcd.endpoints="$etcd_endpoints" --crony.etcd.prefix=$prefix \
			--crony.target-policy.allow-loopback=true --spring.flyway.enabled=false
	)
}

start_target() {
	if alive target; then return 0; fi
	[ -f "$target_jar" ] || die "no jar at $target_jar (run: cluster.sh build)"
	mkdir -p "$state/bin"
	cp "$target_jar" "$state/bin/target.jar"
	# the target keeps every idle keep-alive connection the agents hold (SampleTarget.main)
	setsid java -Xmx512m -XX:+UseSerialGC \
		-jar "$state/bin/target.jar" "$TARGET" $bind >>"$logs/target.log" 2>&1 </dev/null &
	echo $! >"$pids/target.pid"
	log "target started"
}

health_url() {
	local var
	case "$1" in
	web-*) var=WEB_${1#web-} && echo "http://$bind:${!var}/actuator/health" ;;
	agent-*) var=AGENT_${1#agent-} && echo "http://$bind:${!var}/actuator/health" ;;
	target) echo "http://$bind:$TARGET/ok" ;;
	esac
}

# --- parts -------------------------------------------------------------------------------

all_parts=(etcd-1 etcd-2 etcd-3 db web-1 web-2 agent-1 agent-2 agent-3 target)

resolve() {
	case "$1" in
	leader) leader_web || die "no web leader now" ;;
	etcd-leader) etcd_leader || die "no etcd leader now" ;;
	etcd-[123] | db | web-[12] | agent-[123] | target) echo "$1" ;;
	*) die "unknown part '$1'; parts: ${all_parts[*]} leader etcd-leader" ;;
	esac
}

# start a part and wait until it is healthy
start_part() {
	local part=$1
	case "$part" in
	etcd-*)
		start_etcd "${part#etcd-}"
		wait_until "$part" etcd_member_healthy "${part#etcd-}"
		;;
	db)
		services_db up db
		log "db is up (127.0.0.1:$DB)"
		;;
	web-*)
		start_web "${part#web-}"
		wait_until "$part" http_ok "$(health_url "$part")"
		;;
	agent-*)
		start_agent "${part#agent-}"
		wait_until "$part" http_ok "$(health_url "$part")"
		;;
	target)
		start_target
		wait_until target http_ok "$(health_url target)"
		;;
	esac
}

stop_part() {
	local part=$1 pid
	if [ "$part" = db ]; then
		if pid=$(part_pid db); then
			kill -CONT "$pid" 2>/dev/null || true
			services_db down db
			log "db stopped (pid $pid)"
		fi
		return 0
	fi
	if pid=$(part_pid "$part"); then
		# a frozen process handles SIGTERM only once it runs again
		kill -CONT "$pid" 2>/dev/null || true
		stop_pid "$(pid_file "$part")" "$state" >/dev/null || true
		log "$part stopped (pid $pid)"
	fi
}

signal_part() {
	local part=$1 signal=$2 pid
	pid=$(part_pid "$part") || die "$part is not running"
	kill "-$signal" "$pid"
	log "$part: SIG$signal sent (pid $pid)"
	if [ "$signal" = KILL ]; then
		local deadline=$((SECONDS + 20))
		while [ -d "/proc/$pid" ] && [ $SECONDS -lt $deadline ]; do sleep 0.05; done
		rm -f "$(pid_file "$part")"
	fi
}

part_state() {
	local pid st
	if pid=$(part_pid "$1"); then
		st=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || echo '?')
		if [ "$st" = T ]; then echo "frozen  pid $pid"; else echo "running pid $pid"; fi
	else
		echo "stopped"
	fi
}

part_address() {
	local var
	case "$1" in
	etcd-*) var=ETCD_${1#etcd-} && echo "http://$bind:${!var}" ;;
	db) echo "$bind:$DB" ;;
	web-*) var=WEB_${1#web-} && echo "http://$bind:${!var}/" ;;
	agent-*) var=AGENT_${1#agent-} && echo "http://$bind:${!var}/actuator" ;;
	target) echo "http://$bind:$TARGET/counts" ;;
	esac
}

# The web leader: the election key with the lowest create revision holds the instance id.
leader_web() {
	local id
	id=$(ctl get --prefix "$prefix/election/web" --sort-by=CREATE --order=ASCEND --limit=1 --print-value-only 2>/dev/null | head -1)
	[ -n "$id" ] || return 1
	echo "$id"
}

etcd_leader() {
	local n client line
	for n in 1 2 3; do
		read -r client _ <<<"$(member_ports "$n")"
		line=$(ETCDCTL_API=3 etcdctl --endpoints="http://$bind:$client" --command-timeout=2s endpoint status 2>/dev/null) || continue
		# endpoint, id, version, db size, is leader, is learner, raft term, ...
		if [ "$(echo "$line" | awk -F', ' '{print $5}')" = true ]; then
			echo "etcd-$n"
			return 0
		fi
	done
	return 1
}

agents_alive() { ctl get --prefix "$prefix/node/" --keys-only 2>/dev/null | grep -E "^$prefix/node/[^/]+$" | sed "s|^$prefix/node/||" | tr '\n' ' '; }

build() {
	log "building the dashboard and the jars"
	bash "$repo/scripts/build-frontend.sh" >/dev/null
	(cd "$repo" && ./mvnw -B -q -DskipTests package -pl crony-web,crony-agent,examples/sample-target -am)
}

print_env() {
	load_ports
	cat "$state/ports.env"
	cat <<-ENV
		STATE=$state
		LOGS=$logs
		ETCD_ENDPOINTS=$etcd_endpoints
		ETCD_PREFIX=$prefix
		DB_URL=$db_url
		DB_USER=$db_user
		DB_PASSWORD=$(secret db-password)
		ADMIN_USER=admin
		ADMIN_PASSWORD=$(secret admin-password)
		WEB_1_URL=http://$bind:$WEB_1
		WEB_2_URL=http://$bind:$WEB_2
		TARGET_URL=http://$bind:$TARGET
	ENV
}

status() {
	load_ports
	local part
	for part in "${all_parts[@]}"; do
		printf '%-8s %-22s %s\n' "$part" "$(part_state "$part")" "$(part_address "$part")"
	done
	echo "web leader:   $(leader_web 2>/dev/null || echo none)"
	echo "etcd leader:  $(etcd_leader 2>/dev/null || echo none)"
	echo "agents alive: $(agents_alive || true)"
}

up() {
	bash "$repo/scripts/services.sh" install
	mkdir -p "$state" "$pids" "$logs"
	if [ ! -f "$web_jar" ] || [ ! -f "$agent_jar" ] || [ ! -f "$target_jar" ]; then build; fi
	pick_ports
	load_ports
	local n
	for n in 1 2 3; do start_etcd "$n"; done
	wait_until "etcd cluster (3 members)" etcd_cluster_healthy
	start_part db
	start_target
	# web-1 first: it migrates the schema and makes the first admin, then the others join
	# (agents want the execution token key web puts into etcd)
	start_part web-1
	start_web 2
	for n in 1 2 3; do start_agent "$n"; done
	for part in web-2 agent-1 agent-2 agent-3 target; do wait_until "$part" http_ok "$(health_url "$part")"; done
	wait_until "a web leader" leader_web
	cat <<-MSG

		Crony HA cluster is running (state $state).
		  dashboard / API   http://$bind:$WEB_1/ (web-1)   http://$bind:$WEB_2/ (web-2)
		                    user admin, password in $state/admin-password
		  web leader        $(leader_web) (cluster.sh leader; GET /api/v1/cluster)
		  etcd              $etcd_endpoints (leader $(etcd_leader || echo '?'))
		  MariaDB           $bind:$DB database $db_name, user $db_user, password in $state/db-password
		  agents            agent-1 :$AGENT_1, agent-2 :$AGENT_2, agent-3 :$AGENT_3 (/actuator/prometheus)
		  sample target     http://$bind:$TARGET/ok   calls per fire: /counts   every call: /calls?from=0
		  logs              $logs
		Faults: cluster.sh kill|stop|start|restart|freeze|thaw <part>; cluster.sh status; cluster.sh down
	MSG
}

down() {
	[ -d "$state" ] || return 0
	[ -s "$state/ports.env" ] && load_ports
	local part
	for part in agent-3 agent-2 agent-1 web-2 web-1 target db etcd-3 etcd-2 etcd-1; do
		if [ "$part" = db ] && [ ! -s "$state/ports.env" ]; then continue; fi
		stop_part "$part"
	done
}

cmd=${1:-status}
case "$cmd" in
up) up ;;
down) down ;;
status) status ;;
env) print_env ;;
build) build ;;
leader)
	load_ports
	leader_web || die "no web leader now"
	;;
etcd-leader)
	load_ports
	etcd_leader || die "no etcd leader now"
	;;
kill | stop | start | restart | freeze | thaw)
	[ $# -ge 2 ] || die "usage: cluster.sh $cmd <part>"
	load_ports
	mkdir -p "$pids" "$logs"
	part=$(resolve "$2")
	case "$cmd" in
	kill) signal_part "$part" KILL ;;
	stop) stop_part "$part" ;;
	start) start_part "$part" ;;
	restart) stop_part "$part" && start_part "$part" ;;
	freeze) signal_part "$part" STOP ;;
	thaw) signal_part "$part" CONT ;;
	esac
	# an alias names the part it hit
	[ "$part" = "$2" ] || echo "$part"
	;;
*) die "usage: cluster.sh up|down|status|env|build|leader|etcd-leader|kill|stop|start|restart|freeze|thaw [part]" ;;
esac
