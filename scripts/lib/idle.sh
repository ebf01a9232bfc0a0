#!/usr/bin/env bash
# idle.sh PGID_FILE CMD...: runs CMD at the lowest priority the machine has, so that it takes
# only the cores nothing else wants (make test builds the release beside Maven's timed tests
# this way: scripts/test.sh). Writes the process group CMD runs in to PGID_FILE, so that a
# caller that gives up can stop all of it (kill -- -PGID).
# idle.sh --normal PGID_FILE: puts what still runs of it back at the normal priority, for
# when nothing it was to yield to runs any more (make test once Maven is done: at the idle
# priority, other builds on the machine would starve it). Raising a priority needs root, or
# a nice limit (RLIMIT_NICE) that allows it; without, it stays as it is.
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
if [ "$1" = --normal ]; then
	session=$(cat "$2")
	echo 0 >"/proc/$session/autogroup" 2>/dev/null || true
	for pid in $(ps -s "$session" -o pid= 2>/dev/null); do
		chrt -a --other -p 0 "$pid" >/dev/null 2>&1 || true
		ionice -c 2 -n 4 -p "$pid" >/dev/null 2>&1 || true
	done
	exit 0
fi
pgid_file=$1
shift
if [ "${CRONY_IDLE_SESSION:-}" != 1 ]; then
	# -w: setsid forks when its caller leads a process group; the caller waits all the same
	CRONY_IDLE_SESSION=1 exec setsid -w "$BASH" "${BASH_SOURCE[0]}" "$pgid_file" "$@"
fi
unset CRONY_IDLE_SESSION
# this process leads the new session and its process group; CMD inherits what it is set to
echo 19 >/proc/self/autogroup 2>/dev/null || true
chrt --idle -p 0 $$ 2>/dev/null || true
ionice -c 3 -p $$ 2>/dev/null || true
# written once the priority is lowered, so that --normal, which reads it, comes after
echo $$ >"$pgid_file"
exec "$@"
