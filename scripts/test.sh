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
# The Go tests and the chart (offline: lint, render with default and HA values, Kubernetes
# schemas) beside the dashboard's build and tests, which alone leave a core idle a fifth of
# their time. The dashboard is built into crony-web/target/frontend too, so the jar Maven
# tests serves it; with coverage (.crony/coverage/frontend), checked against its floor
# after Maven.
phases_together "go, chart and frontend" \
	"go" "bash scripts/test-go.sh" \
	"chart" "bash scripts/test-chart.sh" \
	"frontend" "env TEST_FRONTEND_COVERAGE=1 bash scripts/test-frontend.sh"
# Reports, process ledgers and coverage files of an earlier run would mix into the tables.
rm -rf -- */target/surefire-reports */target/failsafe-reports */target/test-processes.log \
	examples/*/target/surefire-reports examples/*/target/failsafe-reports examples/*/target/test-processes.log \
	*/target/jacoco*.exec */target/jacoco-processes examples/*/target/jacoco*.exec examples/*/target/jacoco-processes

# Beside Maven's tests: make release's Maven, Go and npm parts (scripts/test-release.sh build:
# a copy of the tree, javadoc, SBOMs; about 130 of the release check's 170 CPU seconds), at
# the idle priority (scripts/lib/idle.sh), so that they take only the cores the tests leave:
# the agent's and the system tests wait on leases, outages and fires far more than they
# compute, and their timed tests keep the cores whenever they want them. (The API fuzz pass and the browser
# tests at the normal priority beside the tests took the cores the agent's timed tests
# needed: docs/testing.md.)
part_beside "release build" "bash scripts/test-release.sh build"
# Includes the chaos test's short form (crony-system-tests' ChaosIT: deploy/local-ha's cluster,
# 30 every-second jobs through each fault, about 4 minutes); make chaos runs the long form.
# -Pcoverage: JaCoCo's agent in every test JVM and the processes they start (pom.xml).
maven_phase maven -B -Pcoverage verify
part_join "release build"
# The API fuzz pass and the browser tests run after Maven, not beside it: beside it, a
# browser run's JVMs and Chromium took the cores the agent's failover and catch-up tests
# time themselves on (docs/testing.md). With each other they share the cores well: each has
# its own etcd, MariaDB and web on free ports, and neither times itself to the second.
# The API fuzz pass: schemathesis against crony-web's own OpenAPI document (about 2 minutes);
# the browser tests run the jars just built against their own etcd, MariaDB, web and agent.
# Beside them, the release check: a Spring Boot and a Go service built against the release
# built beside Maven, with no network, and what its POMs, jars and SBOMs carry
# (scripts/test-release.sh check); its Java service's test waits on a clock, so it runs
# here, at the normal priority.
phases_together "api fuzz, browser tests and release check" \
	"api fuzz" "bash scripts/test-api-fuzz.sh" \
	"browser tests" "bash scripts/test-e2e.sh" \
	"release check" "bash scripts/test-release.sh check"
# JaCoCo over every Java module's tests and Vitest's for the dashboard, against their floors.
phase coverage bash scripts/coverage.sh

timing_table
echo "make test: all green in $((SECONDS - start)) s"
