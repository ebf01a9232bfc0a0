# Pid files of the processes a script started (sourced by services.sh, run.sh, test-e2e.sh).
# A pid counts only while its process still is one we started: its command line names
# MARKER (a path only our processes carry), so a recycled pid is never signalled.

# running_pid FILE MARKER: prints the pid in FILE while that process runs; fails otherwise.
running_pid() {
	local file=$1 marker=$2 pid
	[ -f "$file" ] || return 1
	pid=$(cat "$file")
	[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
	if ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$marker"; then
		# Right after `cmd &` the child may not have run its command yet and still shows
		# this shell's command line (seen on a busy machine: a web taken for dead at once).
		# A child of this shell is ours all the same; field 2 of stat is after the ") ".
		[ "$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f2)" = "$$" ] || return 1
	fi
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
