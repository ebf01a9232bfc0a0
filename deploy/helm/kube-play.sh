#!/usr/bin/env bash
# Runs the Helm chart's rendered manifests under `podman kube play` (no Kubernetes cluster
# here) and shows a job firing there: etcd, MariaDB and the sample target run as plain
# containers on one podman network (they are external endpoints to the chart), the chart
# is rendered twice (releases kp1 and kp2: one Crony installation of two web instances
# and two agents sharing etcd and the database), its Secret goes in with `podman secret
# create`, and a job on the sample target must succeed.
#
# What podman 4.3's kube play does not do, and how this play stands in: it publishes every
# containerPort on the host, so two replicas of one Deployment would collide on a port
# (two releases with their own ports make the pairs instead); Services,
# PodDisruptionBudgets and StatefulSets are not played (agents run as a Deployment,
# agent.kind); status.podIP cannot be resolved (agent.announcePodIP=false).
#
#   bash deploy/helm/kube-play.sh       (make kube-play)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
state=$repo/.crony/kube-play
export CONTAINERS_CONF=${CONTAINERS_CONF:-$repo/deploy/images/containers.conf}
net=crony-kube-play
secret=crony-kube-play

log() { echo "[kube-play] $*" >&2; }
die() {
	log "$*"
	exit 1
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

command -v catatonit >/dev/null || [ -x /usr/libexec/podman/catatonit ] || {
	log "installing catatonit (podman's pod init)"
	sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends catatonit >/dev/null
}
bash scripts/test-chart.sh >/dev/null
helm=$(go env GOPATH)/bin/helm
bash deploy/images/build.sh

# The volumes of this play's containers: the anonymous ones podman makes for the images'
# VOLUMEs (etcd's and MariaDB's data, the agent's spool) and kube play's emptyDirs.
play_volumes() {
	local containers
	containers=$(podman ps -a --format '{{.Names}}' | grep -E '^(kp-etcd|kp-db|kp-target|kp[12]-)' || true)
	[ -n "$containers" ] || return 0
	# shellcheck disable=SC2086 # one name a word
	podman inspect --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}' $containers 2>/dev/null |
		tr ' ' '\n' | sed '/^$/d' | sort -u
}
teardown() {
	local volumes
	volumes=$(play_volumes)
	for f in "$state"/release-*.yaml; do
		[ -f "$f" ] && podman kube down "$f" >/dev/null 2>&1 || true
	done
	# -v: with the anonymous volumes of their VOLUMEs, which plain rm leaves behind (two a
	# run: etcd's and MariaDB's data)
	podman rm -f -v kp-etcd kp-db kp-target >/dev/null 2>&1 || true
	# kube down leaves the pods' anonymous volumes (emptyDirs, VOLUMEs) too
	local v
	for v in $volumes; do
		podman volume exists "$v" && podman volume rm -f "$v" >/dev/null 2>&1 || true
	done
	podman network rm "$net" >/dev/null 2>&1 || true
	podman secret rm "$secret" >/dev/null 2>&1 || true
}
cleanup() {
	local status=$?
	if [ $status -ne 0 ]; then
		podman logs --tail 40 kp1-crony-web-pod-0-web >"$state/web.log" 2>&1 || true
		podman logs --tail 40 kp1-crony-agent-pod-0-agent >"$state/agent.log" 2>&1 || true
		log "failed; last log lines in $state"
	fi
	teardown
	rm -f "$state/secret.json"
	exit $status
}
teardown
rm -rf "$state"
mkdir -p "$state"
# (anonymous volumes on the machine, to check at the end that the play added none)
anonymous_volumes() { podman volume ls --format '{{.Name}} {{.Anonymous}}' | sed -n 's/ true$//p' | sort; }
volumes_before=$(anonymous_volumes)
trap cleanup EXIT
trap 'exit 130' INT TERM

db_password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
admin_password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
secret_key=$(head -c 32 /dev/urandom | base64)
podman network create "$net" >/dev/null
podman run -d --name kp-etcd --network "$net" localhost/crony-etcd:3.4 --name kp --data-dir /var/lib/etcd \
	--listen-client-urls http://0.0.0.0:2379 --advertise-client-urls http://kp-etcd:2379 >/dev/null
podman run -d --name kp-db --network "$net" -e MARIADB_DATABASE=crony -e MARIADB_USER=crony \
	-e MARIADB_PASSWORD="$db_password" localhost/crony-mariadb:10.11 >/dev/null
podman run -d --name kp-target --network "$net" localhost/crony-sample-target:0.1.0 >/dev/null

# podman 4.3 reads a kube secret as a JSON map of key to base64 value
(
	umask 077
	printf '{"database-password":"%s","admin-password":"%s","secret-key":"%s"}' \
		"$(printf %s "$db_password" | base64 -w0)" "$(printf %s "$admin_password" | base64 -w0)" \
		"$(printf %s "$secret_key" | base64 -w0)" >"$state/secret.json"
)
podman secret create "$secret" "$state/secret.json" >/dev/null

web_ports=()
for r in 1 2; do
	web_port=$(free_port)
	web_ports+=("$web_port")
	"$helm" template "kp$r" deploy/helm/crony --kube-version 1.30.0 \
		--set "database.url=jdbc:mysql://kp-db:3306/crony?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true" \
		--set 'etcd.endpoints={http://kp-etcd:2379}' \
		--set secrets.existingSecret="$secret" \
		--set web.replicas=1 --set web.httpPort="$web_port" --set web.grpcPort="$(free_port)" \
		--set agent.kind=Deployment --set agent.replicas=1 --set agent.httpPort="$(free_port)" \
		--set agent.announcePodIP=false --set tests.enabled=false >"$state/release-$r.yaml"
	podman kube play --network "$net" "$state/release-$r.yaml" >"$state/play-$r.log" 2>&1 ||
		die "kube play of release kp$r failed: $(grep -i error "$state/play-$r.log" | grep -v systemd | head -1)"
done
log "played 2 releases: web on :${web_ports[0]} and :${web_ports[1]}"

web=http://127.0.0.1:${web_ports[0]}
deadline=$((SECONDS + 300))
for port in "${web_ports[@]}"; do
	until curl -fsS "http://127.0.0.1:$port/actuator/health" >/dev/null 2>&1; do
		[ $SECONDS -lt $deadline ] || die "crony-web on :$port did not become healthy"
		sleep 1
	done
done
token=$(curl -fsS "$web/api/v1/auth/login" -H 'Content-Type: application/json' \
	--data "{\"username\":\"admin\",\"password\":\"$admin_password\"}" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || die "cannot sign in as admin"
api() { curl -fsS -m 30 "$web/api/v1$1" -H "Authorization: Bearer $token" "${@:2}"; }
until api /agents | grep -q '"kp2-crony-agent'; do
	[ $SECONDS -lt $deadline ] || die "the agents did not both register"
	sleep 1
done
job=$(api /jobs -H 'Content-Type: application/json' --data '{"name":"kube-play","schedule":"* * * * * ?",
	"timeZone":"UTC","target":{"type":"HTTP","method":"POST","url":"http://kp-target:9000/ok"},"timeoutSeconds":10}' |
	sed -n 's/^{"id":\([0-9]*\).*/\1/p')
[ -n "$job" ] || die "could not create the job"
deadline=$((SECONDS + 90))
until [ "$(api "/executions?jobId=$job&status=SUCCEEDED&size=1" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')" -ge 3 ] 2>/dev/null; do
	[ $SECONDS -lt $deadline ] || die "job $job did not succeed 3 times within 90 s"
	sleep 1
done
agent=$(api "/executions?jobId=$job&status=SUCCEEDED&size=1" | sed -n 's/.*"agentId":"\([^"]*\)".*/\1/p')

# the play leaves no volume behind: each of its containers' is gone after the teardown
volumes=$(play_volumes)
[ -n "$volumes" ] || die "found no volume of the play's containers to check (etcd's and MariaDB's data at least)"
teardown
left=$(for v in $volumes; do podman volume exists "$v" && echo "$v"; done || true)
[ -z "$left" ] || die "the teardown left volumes behind: $left"
grew=$(comm -13 <(echo "$volumes_before") <(anonymous_volumes))
[ -z "$grew" ] || die "anonymous volumes grew during the play: $grew"
echo "kube-play: 2 web, 2 agents from the rendered chart; job $job fired on $agent (3 runs SUCCEEDED); its $(wc -w <<<"$volumes") volumes removed, no anonymous volume added"
