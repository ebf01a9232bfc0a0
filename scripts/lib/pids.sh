# Pid files of the processes a script started (sourced by services.sh, run.sh, test-e2e.sh).
# A pid counts only while its process still is one we started: its command line names
# MARKER (a path only our processes carry), so a recycled pid is never signalled.

# running_pid FILE MARKER: prints the pid in FILE while that process runs; fails otherwise.
running_pid() {
	local file=$1 marker=$2 pid
	[ -f "$file" ] || return 1
	pid=$(cat "$file")
	[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$marker" || return 1
	echo "$pid"
}

# stop_pid FILE MARKER: TERM, up to 30 s to exit, then KILL; removes FILE. Prints the pid
# it stopped, and fails when nothing of ours was running.
stop_pid() {
	local file=$1 marker=$2 pid
	if ! pid=$(running_pid "$file" "$marker"); then
		rm -f "$file"
		return 1
	fi
	kill -TERM "$pid" 2>/dev/null || true
	local deadline=$((SECONDS + 30))
	while [ -d "/proc/$pid" ] && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
	[ -d "/proc/$pid" ] && kill -KILL "$pid" 2>/dev/null || true
	rm -f "$file"
	echo "$pid"
}
