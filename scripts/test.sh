#!/usr/bin/env bash
# Every test of every module. Installs what is missing (Debian packages through
# services.sh); integration tests start their own etcd and MariaDB on free ports.
# Ends with where the time went: each phase's seconds, Maven's per module, and the 15
# slowest test classes with the processes each started (scripts/lib/timing.py; also when a
# phase fails). How to read it: CONTRIBUTING.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS
# shellcheck source=lib/timing.sh
source scripts/lib/timing.sh
timing_start test

phase "services install" bash scripts/services.sh install
phase go bash scripts/test-go.sh
# The Helm chart, offline: lint, render (default and HA values), Kubernetes schemas.
phase chart bash scripts/test-chart.sh
# Builds the dashboard into crony-web/target/frontend too, so the jar Maven tests serves it.
# With coverage (.crony/coverage/frontend), checked against its floor after Maven.
phase frontend env TEST_FRONTEND_COVERAGE=1 bash scripts/test-frontend.sh
# Reports, process ledgers and coverage files of an earlier run would mix into the tables.
rm -rf -- */target/surefire-reports */target/failsafe-reports */target/test-processes.log \
	examples/*/target/surefire-reports examples/*/target/failsafe-reports examples/*/target/test-processes.log \
	*/target/jacoco*.exec */target/jacoco-processes examples/*/target/jacoco*.exec examples/*/target/jacoco-processes

# The API fuzz pass and the browser tests need only jars this Maven run packages, and
# Maven's integration tests leave a core idle most of the time (they wait on fires,
# leases and other processes): so they run beside Maven, the fuzz pass once crony-web's
# jar is built (Maven has moved on to crony-web's integration tests), the browser tests
# once crony-agent's is too (its integration tests; sample-target is built before it).
# Their output goes to side.log, shown after Maven.
side_log=$timing_dir/side.log
: >"$side_log"
: >"$timing_dir/maven.log"
main_pid=$$
await_maven() {
	until grep -qE "failsafe:[^ ]+:integration-test [^ ]+ @ $1 ---" "$timing_dir/maven.log"; do
		kill -0 "$main_pid" 2>/dev/null || exit 1
		[ ! -e "$timing_dir/maven.ended" ] || {
			echo "Maven ended before it tested $1: not run" >&2
			exit 1
		}
		sleep 2
	done
}
rm -f "$timing_dir/maven.ended"
# a process group of its own (job control), so that a failing Maven can stop all of it at once
set -m
(
	# The API fuzz pass: schemathesis against crony-web's own OpenAPI document (about a minute).
	await_maven crony-web
	phase "api fuzz (beside maven)" bash scripts/test-api-fuzz.sh
	# The browser tests run the jars just built against their own etcd, MariaDB, web and agent.
	await_maven crony-agent
	phase "browser tests (beside maven)" bash scripts/test-e2e.sh
) >"$side_log" 2>&1 &
side_pid=$!
set +m
# a failing Maven stops the side tests too (each script stops what it started on SIGTERM)
trap 'status=$?; touch "$timing_dir/maven.ended"; kill -TERM -- -"$side_pid" 2>/dev/null || true; timing_exit $status' EXIT
# Includes the chaos test's short form (crony-system-tests' ChaosIT: deploy/local-ha's cluster,
# 30 every-second jobs through each fault, about 4 minutes); make chaos runs the long form.
# -Pcoverage: JaCoCo's agent in every test JVM and the processes they start (pom.xml).
maven_phase maven -B -Pcoverage verify
touch "$timing_dir/maven.ended"
side_status=0
wait "$side_pid" || side_status=$?
trap 'timing_exit $?' EXIT
echo "== API fuzz pass and browser tests (ran beside Maven) =="
cat "$side_log"
if [ "$side_status" -ne 0 ]; then
	timing_failed="api fuzz or browser tests"
	exit "$side_status"
fi
# JaCoCo over every Java module's tests and Vitest's for the dashboard, against their floors.
phase coverage bash scripts/coverage.sh

timing_table
echo "make test: all green in $((SECONDS - start)) s"
