#!/usr/bin/env bash
# idle.sh PGID_FILE CMD...: runs CMD at the lowest priority the machine has, so that it takes
# only the cores nothing else wants (make test builds the release beside Maven's timed tests
# this way: scripts/test.sh). Writes the process group CMD runs in to PGID_FILE, so that a
# caller that gives up can stop all of it (kill -- -PGID).
#
# Three settings, each for a scheduler the others do not reach:
#   setsid, then nice 19 for the session's autogroup: with autogroups on (Linux's default on
#            desktops and on this machine kind), the scheduler first shares the cores among
#            sessions, and a task's own priority counts only inside its session; make test's
#            session, and those of the processes the tests start with setsid (deploy/local-ha),
#            each weigh 1,024 against this one's 15
#   chrt --idle 0 (SCHED_IDLE): with autogroups off, the same share among tasks; inherited
#            by every process CMD starts
#   ionice -c 3 (idle): the disk only when no one else is waiting on it
# None needs root (a process may always lower its own priority); one the machine refuses
# (a container's seccomp, a kernel without the idle I/O class) is left out, not fatal.
set -euo pipefail
pgid_file=$1
shift
if [ "${CRONY_IDLE_SESSION:-}" != 1 ]; then
	# -w: setsid forks when its caller leads a process group; the caller waits all the same
	CRONY_IDLE_SESSION=1 exec setsid -w "$BASH" "${BASH_SOURCE[0]}" "$pgid_file" "$@"
fi
unset CRONY_IDLE_SESSION
# this process leads the new session and its process group
echo $$ >"$pgid_file"
echo 19 >/proc/self/autogroup 2>/dev/null || true
lower=()
if chrt --idle 0 true 2>/dev/null; then
	lower+=(chrt --idle 0)
fi
if ionice -c 3 true 2>/dev/null; then
	lower+=(ionice -c 3)
fi
exec ${lower[@]+"${lower[@]}"} "$@"
