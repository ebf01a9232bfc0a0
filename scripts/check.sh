#!/usr/bin/env bash
# The fast loop while editing (make check), 2.5 to 3 minutes on 2 cores once dependencies
# are there (measured: docs/testing.md): the timing table's own tests, then in one Maven
# run the format check (spring-javaformat:validate, bound to validate), compile and every
# unit test (Surefire;
# no integration test, no jar), then the dashboard's unit tests and type check (no
# production build) and the Go tests without the race detector. make test runs all of it
# and everything else; run it before merging.
#
#   CHECK_MAVEN_THREADS=2    Maven's -T (default 1: -T 2 was no clear gain in the runs measured,
#                            and with -T 1 the table can split Maven's time per module)
#   CHECK_OFFLINE=0          let Maven download (the first run on a fresh machine)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS
# shellcheck source=lib/timing.sh
source scripts/lib/timing.sh
timing_start check
# the integration tests' reports of the last make test stay out of this table
timing_table_args=(--unit-only)

offline=(-o)
[ "${CHECK_OFFLINE:-1}" != 0 ] || offline=()

phase "timing script tests" python3 -m unittest discover -s scripts/lib -p '*_test.py'
rm -rf -- */target/surefire-reports examples/*/target/surefire-reports
maven_phase maven -B "${offline[@]}" -T "${CHECK_MAVEN_THREADS:-1}" test
phase frontend env TEST_FRONTEND_BUILD=0 bash scripts/test-frontend.sh
phase go env TEST_GO_RACE=0 bash scripts/test-go.sh

timing_table
echo "make check: all green in $((SECONDS - start)) s"
