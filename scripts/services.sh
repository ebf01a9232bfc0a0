#!/usr/bin/env bash
# Owns Crony's local services: etcd and MariaDB on loopback.
#
#   services.sh install             install the Debian packages that are missing, build
#                                   toxiproxy-server (the tests' TCP fault proxy) and Jaeger
#                                   (the tracing test's and bench's collector) into Go's bin
#   services.sh jaeger              build Jaeger only (when missing) and print its path (the
#                                   crony-jaeger image of deploy/images/build.sh --jaeger)
#   services.sh up   [etcd|db|all]  start what is not running yet (installing what it needs,
#                                   not Jaeger), wait until healthy
#   services.sh down [etcd|db|all]  stop what this state dir started (by pid, never by name)
#   services.sh status              print what runs, and where
#   services.sh env                 print the connection settings as KEY=value lines
#
# Every instance lives in one state dir, so several can run side by side (make run uses
# .crony/run; each integration-test JVM gets its own dir and free ports). Settings:
#   CRONY_STATE_DIR      (default <repo>/.crony/run)
#   CRONY_ETCD_PORT      (default 23790)   CRONY_ETCD_PEER_PORT (default 23800)
#   CRONY_DB_PORT        (default 13306)   CRONY_DB_NAME        (default crony)
#   CRONY_DB_USER        (default crony)   CRONY_DB_PASSWORD    (default crony)
#   CRONY_ETCD_EXTRA_ARGS, CRONY_DB_EXTRA_ARGS   more server flags (e.g. a larger etcd
#                        --quota-backend-bytes or InnoDB buffer pool for a benchmark)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
state=${CRONY_STATE_DIR:-$repo/.crony/run}
etcd_port=${CRONY_ETCD_PORT:-23790}
etcd_peer_port=${CRONY_ETCD_PEER_PORT:-23800}
db_port=${CRONY_DB_PORT:-13306}
db_name=${CRONY_DB_NAME:-crony}
db_user=${CRONY_DB_USER:-crony}
db_password=${CRONY_DB_PASSWORD:-crony}
wait_seconds=${CRONY_WAIT_SECONDS:-60}

# shellcheck source=lib/pids.sh
source "$repo/scripts/lib/pids.sh"

log() { echo "[services] $*" >&2; }
die() { log "$*"; exit 1; }

# A Unix socket path may not pass 107 bytes; a deep state dir gets one under /tmp instead.
db_socket() {
	local s="$state/db.sock"
	if [ ${#s} -gt 100 ]; then
		s="/tmp/crony-$(echo -n "$state" | sha1sum | cut -c1-16).sock"
	fi
	echo "$s"
}

install_packages() {
	local need=()
	command -v etcd >/dev/null || need+=(etcd-server)
	command -v etcdctl >/dev/null || need+=(etcd-client)
	command -v mariadbd >/dev/null || need+=(mariadb-server)
	command -v curl >/dev/null || need+=(curl)
	# OpenLDAP for the LDAP sign-in tests (LdapDirectory in crony-test-support)
	command -v slapd >/dev/null || [ -x /usr/sbin/slapd ] || need+=(slapd)
	command -v ldapadd >/dev/null || need+=(ldap-utils)
	if [ ${#need[@]} -gt 0 ]; then
		log "installing ${need[*]}"
		local sudo=()
		[ "$(id -u)" -eq 0 ] || sudo=(sudo)
		"${sudo[@]}" apt-get update -qq
		DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
	fi
	install_toxiproxy
}

# What the tests need: the packages and toxiproxy (which up also makes sure of) and Jaeger.
install() {
	install_packages
	install_jaeger
}

# Go from its default place when it is not on PATH.
use_go() {
	if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
		export PATH="/usr/local/go/bin:$PATH"
	fi
}

# Toxiproxy, the TCP proxy the partition tests cut and restore (FaultProxy in
# crony-test-support), built from its Go module beside the other Go-built test tools
# (helm): $(go env GOPATH)/bin/toxiproxy-server. The module's command is named "server",
# so it is built into a directory of its own and renamed.
toxiproxy_version=v2.5.0
install_toxiproxy() {
	use_go
	local gobin target build
	gobin=$(go env GOPATH)/bin
	target=$gobin/toxiproxy-server
	# skipped when present: a go-installed build reports its version as "git"
	[ -x "$target" ] && return 0
	log "building toxiproxy-server $toxiproxy_version (go install)"
	build=$(mktemp -d)
	(cd "$build" && GOBIN="$build" go install "github.com/Shopify/toxiproxy/v2/cmd/server@$toxiproxy_version")
	mkdir -p "$gobin"
	mv "$build/server" "$target"
	rm -rf "$build"
}

# Jaeger v2 all-in-one, the collector the tracing system test and make bench-tracing export
# spans to (Jaeger in crony-test-support), built from its Go module once per version into
# Go's bin directory as jaeger-<version>, like toxiproxy, so a fresh clone finds it: several
# minutes the first time on a machine, with the module download (docs/testing.md), nothing
# after. Not `go install ...@version`: Jaeger's go.mod has a replace directive, which go
# install refuses, so the module is downloaded and built as the main module, as its own
# build does. Built to a temporary name and moved, so an interrupted build leaves no binary.
# Static (CGO_ENABLED=0), so the same binary also runs in the crony-jaeger image whatever
# C library the host has.
jaeger_version=1.76.0
install_jaeger() {
	use_go
	local target src
	target=$(go env GOPATH)/bin/jaeger-$jaeger_version
	[ -x "$target" ] && return 0
	log "building jaeger $jaeger_version (from its Go module, the first time only: several minutes)"
	src=$(cd /tmp && go mod download -json "github.com/jaegertracing/jaeger@v$jaeger_version" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[ -n "$src" ] || die "could not download the Go module github.com/jaegertracing/jaeger@v$jaeger_version"
	mkdir -p "$(dirname "$target")"
	(cd "$src" && CGO_ENABLED=0 go build -o "$target.partial" ./cmd/jaeger)
	mv "$target.partial" "$target"
}

wait_until() {
	local what=$1
	shift
	local deadline=$((SECONDS + wait_seconds))
	until "$@" >/dev/null 2>&1; do
		[ $SECONDS -lt $deadline ] || return 1
		sleep 0.1
	done
	log "$what is up"
}

etcd_healthy() { curl -fsS "http://127.0.0.1:$etcd_port/health" | grep -q '"health":"true"'; }

up_etcd() {
	if running_pid "$state/etcd.pid" "$state" >/dev/null; then
		wait_until "etcd on 127.0.0.1:$etcd_port" etcd_healthy || die "etcd did not become healthy, see $state/etcd.log"
		return
	fi
	# 700 and zap: etcd warns at start about a data directory others may read and about
	# its deprecated default logger (logs are JSON lines, "level" in each)
	mkdir -p "$state/etcd"
	chmod 700 "$state/etcd"
	setsid etcd --name crony --data-dir "$state/etcd" --logger=zap \
		--listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
		--listen-peer-urls "http://127.0.0.1:$etcd_peer_port" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer_port" \
		--initial-cluster "crony=http://127.0.0.1:$etcd_peer_port" ${CRONY_ETCD_EXTRA_ARGS:-} >>"$state/etcd.log" 2>&1 </dev/null &
	echo $! >"$state/etcd.pid"
	wait_until "etcd on 127.0.0.1:$etcd_port" etcd_healthy || die "etcd did not become healthy, see $state/etcd.log"
}

db_root() { mariadb --no-defaults --socket="$(db_socket)" -uroot "$@"; }
db_alive() { mariadb-admin --no-defaults --socket="$(db_socket)" -uroot ping; }

up_db() {
	local me datadir="$state/mariadb"
	me=$(id -un)
	if ! running_pid "$state/mariadb.pid" "$state" >/dev/null; then
		# Its own temporary directory: in the shared /tmp another process's clean-up once
		# removed a temporary table file mariadb-install-db still used, and it aborted.
		mkdir -p "$state/tmp"
		if [ ! -d "$datadir/mysql" ]; then
			rm -rf "$datadir"
			mkdir -p "$datadir"
			# without the proxy grant it makes for root at this machine's name, which every
			# start with --skip-name-resolve ignores with a warning
			echo "DELETE FROM mysql.proxies_priv WHERE Host NOT IN ('localhost', '127.0.0.1', '::1');" \
				>"$state/tmp/install-extra.sql"
			mariadb-install-db --no-defaults --user="$me" --datadir="$datadir" --tmpdir="$state/tmp" --skip-test-db \
				--auth-root-authentication-method=socket --extra-file="$state/tmp/install-extra.sql" \
				>>"$state/mariadb.log" 2>&1 ||
				die "mariadb-install-db failed, see $state/mariadb.log"
		fi
		# UTC and utf8mb4 so that stored times and names mean the same on every machine.
		# One table cache instance, not 8: MariaDB asks for open files per instance (8
		# would make 33,000 with 1,000 connections) and warns at every start that it cannot
		# have them; a test or local database needs just one. The soft limit is raised
		# to the hard one for the same reason (5,033 still asked for).
		ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
		setsid mariadbd --no-defaults --user="$me" --datadir="$datadir" --tmpdir="$state/tmp" --socket="$(db_socket)" \
			--port="$db_port" --bind-address=127.0.0.1 --pid-file="$state/mariadbd.pid" \
			--log-error="$state/mariadb.log" --skip-name-resolve --default-time-zone=+00:00 \
			--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
			--max-connections=1000 --innodb-buffer-pool-size=256M --table-open-cache-instances=1 ${CRONY_DB_EXTRA_ARGS:-} \
			>>"$state/mariadb.log" 2>&1 </dev/null &
		echo $! >"$state/mariadb.pid"
	fi
	wait_until "MariaDB on 127.0.0.1:$db_port" db_alive || die "MariaDB did not come up, see $state/mariadb.log"
	db_root <<-SQL
		CREATE USER IF NOT EXISTS '$db_user'@'127.0.0.1' IDENTIFIED BY '$db_password';
		CREATE USER IF NOT EXISTS '$db_user'@'localhost' IDENTIFIED BY '$db_password';
		GRANT ALL PRIVILEGES ON *.* TO '$db_user'@'127.0.0.1' WITH GRANT OPTION;
		GRANT ALL PRIVILEGES ON *.* TO '$db_user'@'localhost' WITH GRANT OPTION;
		CREATE DATABASE IF NOT EXISTS \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
	SQL
}

stop_pid_file() {
	local pid
	if pid=$(stop_pid "$1" "$state"); then log "$2 stopped (pid $pid)"; fi
}

print_env() {
	cat <<-ENV
		CRONY_ETCD_ENDPOINTS=http://127.0.0.1:$etcd_port
		CRONY_DB_URL=jdbc:mysql://127.0.0.1:$db_port/$db_name
		CRONY_DB_USER=$db_user
		CRONY_DB_PASSWORD=$db_password
	ENV
}

status() {
	local pid
	if pid=$(running_pid "$state/etcd.pid" "$state"); then echo "etcd     running pid $pid, http://127.0.0.1:$etcd_port"; else echo "etcd     stopped"; fi
	if pid=$(running_pid "$state/mariadb.pid" "$state"); then echo "mariadb  running pid $pid, 127.0.0.1:$db_port"; else echo "mariadb  stopped"; fi
}

cmd=${1:-status}
what=${2:-all}
case "$cmd" in
install) install ;;
jaeger)
	install_jaeger
	echo "$(go env GOPATH)/bin/jaeger-$jaeger_version"
	;;
up)
	install_packages
	mkdir -p "$state"
	case "$what" in etcd) up_etcd ;; db) up_db ;; all) up_etcd && up_db ;; *) die "up takes etcd, db or all" ;; esac
	print_env
	;;
down)
	case "$what" in
	etcd) stop_pid_file "$state/etcd.pid" etcd ;;
	db) stop_pid_file "$state/mariadb.pid" MariaDB ;;
	all) stop_pid_file "$state/etcd.pid" etcd && stop_pid_file "$state/mariadb.pid" MariaDB ;;
	*) die "down takes etcd, db or all" ;;
	esac
	;;
status) status ;;
env) print_env ;;
*) die "usage: services.sh install|jaeger|up|down|status|env [etcd|db|all]" ;;
esac
