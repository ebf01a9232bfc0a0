#!/usr/bin/env bash
# Checks what `make run` gives a new user in its first two minutes (make run-check, with
# make run up): waits until two minutes have passed since make run was up (its processes
# started and the sample jobs seeded), then
#   1. every seeded job meant to succeed has succeeded runs and no other ending (FAILED,
#      TIMED_OUT, MISSED, SKIPPED, CANCELLED) among its runs of this make run, read
#      through the API; a seeded job meant
#      to fail would say so in its description ("meant to fail", scripts/run.sh; there is
#      none). A job whose schedule has no instant in the window (the nightly one) needs no
#      run, but the runs it has must have succeeded;
#   2. no log make run writes (crony-web, agents, sample services, etcd, MariaDB) has a
#      WARN or ERROR line since make run began (etcd and MariaDB start before the build), except the few on the allow-list below,
#      each a line a user need not act on.
# Prints what it finds and fails when either check does.
#
#   RUN_CHECK_WINDOW=120   seconds after make run was up to wait before checking
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/run
web_port=${CRONY_WEB_PORT:-8080}
window=${RUN_CHECK_WINDOW:-120}
marks=$state/run-started

log() { echo "[run-check] $*" >&2; }

command -v jq >/dev/null || { log "needs jq (Debian: apt-get install jq)"; exit 2; }
[ -s "$marks" ] || { log "make run has not been started here ($marks is missing)"; exit 2; }
curl -fsS -m 10 "http://127.0.0.1:$web_port/actuator/health" >/dev/null 2>&1 ||
	{ log "crony-web does not answer on :$web_port: start it with make run"; exit 2; }

# Lines a user need not act on, one extended regular expression each, with why.
allowed=(
	# etcd 3.4 says this at every start whatever the settings: its simple auth token is only
	# used once authentication is enabled, which the loopback-only etcd of make run never is
	'simple token is not cryptographically signed'
)

started=$(head -n 1 "$marks")
wait_until=$((started + window))
now=$(date +%s)
if [ "$now" -lt "$wait_until" ]; then
	log "waiting $((wait_until - now)) s, until ${window} s after make run was up"
	sleep $((wait_until - now))
fi

failed=0

# 1. The seeded jobs' runs.
password=$(cat "$state/admin-password")
token=$(curl -fsS -m 30 -X POST "http://127.0.0.1:$web_port/api/v1/auth/login" -H 'Content-Type: application/json' \
	--data "{\"username\":\"admin\",\"password\":\"$password\"}" | jq -r .token)
api() { curl -fsS -m 30 "http://127.0.0.1:$web_port/api/v1$1" -H "Authorization: Bearer $token"; }

while IFS=$'\t' read -r id name description timeout; do
	# an instant in the window: the job fires at least once in it, with time to finish
	read -r first second < <(api "/jobs/$id/next-fires?count=2" |
		jq -r '[.fires[] | fromdateiso8601] | "\(.[0]) \(.[1])"')
	due=0
	[ $((second - first + timeout)) -le "$window" ] && due=1
	# only the runs of this make run (from two minutes before it was up: its jobs are
	# seeded and run before): a state kept from an earlier one (make run is safe to run
	# twice) keeps that one's history, which is not what this run gives
	runs=$(api "/executions?jobId=$id&size=200" | jq --argjson since "$((started - window))" \
		'.items |= map(select((.scheduledAt | sub("\\.[0-9]+Z$"; "Z") | fromdateiso8601) >= $since))')
	counts=$(jq -r '[.items[].status] | group_by(.) | map("\(.[0])=\(length)") | join(" ")' <<<"$runs")
	succeeded=$(jq '[.items[] | select(.status == "SUCCEEDED")] | length' <<<"$runs")
	bad=$(jq -r '[.items[] | select(.status as $s | ["SUCCEEDED", "RUNNING", "PENDING"] | index($s) | not)
		| "\(.status) at \(.scheduledAt) (execution \(.id)\(if .error then ": " + .error else "" end))"] | .[]' <<<"$runs")
	if [[ "$description" == *"meant to fail"* ]]; then
		log "job $name: meant to fail, runs: ${counts:-none}"
	elif [ -n "$bad" ] || { [ "$due" = 1 ] && [ "$succeeded" = 0 ]; }; then
		log "FAIL job $name: runs ${counts:-none}${bad:+; not succeeded:}"
		[ -z "$bad" ] || sed 's/^/[run-check]     /' <<<"$bad" >&2
		failed=1
	else
		log "ok   job $name: runs ${counts:-none}$([ "$due" = 1 ] || echo ' (no instant in the window)')"
	fi
done < <(api '/jobs?size=200' | jq -r '.items[] | [.id, .name, (.description // ""), .timeoutSeconds] | @tsv')

# 2. WARN and ERROR lines in every log make run writes, from where each stood when it
# started: Spring Boot's level column, the JVM's and etcd's [WARNING] / WARNING:, etcd's
# " W | " / " E | " (and "level":"warn" were it to log JSON), MariaDB's [Warning] / [ERROR],
# and an exception no logger caught.
levels='^[^ ]+ +(WARN|ERROR) |^\[?(WARNING|ERROR)\]?[: ]|\[(Warning|ERROR)\]|^[0-9-]+ [0-9:.]+ [WEC] \| |"level":"(warn|error)"|^Exception in thread'
while read -r file offset; do
	[ -f "$file" ] || continue
	lines=$(tail -c +$((offset + 1)) "$file" | grep -E "$levels" || true)
	[ -n "$lines" ] || continue
	for pattern in "${allowed[@]}"; do
		lines=$(grep -Ev -- "$pattern" <<<"$lines" || true)
	done
	if [ -n "$lines" ]; then
		log "FAIL ${file#"$repo"/}: $(wc -l <<<"$lines") WARN/ERROR line(s) not on the allow-list:"
		cut -c1-400 <<<"$lines" | sed 's/^/[run-check]     /' >&2
		failed=1
	fi
done < <(tail -n +2 "$marks")
[ "$failed" = 1 ] || log "ok   logs: no WARN or ERROR line beyond the allow-list in $(($(wc -l <"$marks") - 1)) logs"

if [ "$failed" = 1 ]; then
	log "FAILED"
	exit 1
fi
log "passed: every seeded job succeeded and the logs are clean"
