#!/usr/bin/env bash
# The chaos test on the local HA cluster: crony-system-tests' ChaosIT brings up
# deploy/local-ha/cluster.sh in a state dir of its own (.crony/chaos/, every port
# free-picked, so it runs beside make run and beside a cluster of yours), makes
# every-second jobs through the API and plays each fault in turn with recovery between:
# kill -9 of the web leader, the etcd leader member stopped and started, kill -9 of an
# agent, an agent frozen past its lease TTL, MariaDB restarted, a rolling restart of every
# agent (SIGTERM, start, rebalance; one at a time). It prints the table per
# fault and leaves it in crony-system-tests/target/chaos/<form>.md, the instants behind
# any loss or duplicate in <form>-details.txt and the cluster's logs in <form>-logs/.
#
#   chaos.sh [long|short]    long: 300 jobs, longer windows (make chaos, about 15 min)
#                            short: 30 jobs, short windows (also part of ./mvnw verify)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
form=${1:-long}
case "$form" in long | short) ;; *)
	echo "usage: chaos.sh [long|short]" >&2
	exit 2
	;;
esac

bash scripts/services.sh install
out=crony-system-tests/target/chaos
rm -f "$out/$form.md" "$out/$form-details.txt"
echo "[chaos] $form form; progress: tail -f crony-system-tests/target/chaos/$form.log" >&2
status=0
# Packages web, agent and the sample target (-am), then runs ChaosIT alone: no unit test,
# no other integration test.
./mvnw -B -pl crony-system-tests -am verify -Dcrony.chaos="$form" -Dit.test=ChaosIT -Dtest=NoUnitTestsHere \
	-Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false || status=$?
if [ -f "$out/$form.md" ]; then
	cat "$out/$form.md"
	echo "[chaos] table: $out/$form.md; instants behind losses or duplicates: $out/$form-details.txt; logs: $out/$form-logs/" >&2
else
	echo "[chaos] no report; see crony-system-tests/target/failsafe-reports/" >&2
fi
exit $status
