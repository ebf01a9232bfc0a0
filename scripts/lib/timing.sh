# Phases with their seconds, for scripts/test.sh and scripts/check.sh (sourced, not run).
#
#   timing_start NAME    a fresh record under .crony/NAME-timing/ (phases.tsv, maven.log);
#                        a failing phase, or an interrupt, prints the table before exiting
#   phase NAME CMD...    runs CMD, records NAME, its seconds, ok or FAILED, and the CPU
#                        seconds its processes used (user + system); a failure
#                        stops the script with CMD's status
#   phases_together NAME A CMD_A B CMD_B [C CMD_C ...]   runs the commands (strings for
#                        bash -c) at once, each with its output kept until it ends; records
#                        NAME (the wall time of all) and A, B, ... as its parts; fails when
#                        any fails
#   part_beside NAME CMD   starts CMD (a string for bash -c) in the background at the idle
#                        priority (scripts/lib/idle.sh), to run beside the phases that follow
#                        and take only the cores they leave; its line in the table is indented
#                        under the phase it ended in, with its own seconds and CPU seconds
#   part_join NAME       puts it back at the normal priority, waits for it, prints its
#                        output, and records "NAME, waited for": the seconds the script waited
#                        for it after the phases it ran beside; fails when it failed
#   maven_phase NAME ARGS...   ./mvnw ARGS with its output also stamped into maven.log, so the
#                        table can split Maven's time by module and by plugin goal
#   timing_table [ARGS]  prints the table (scripts/lib/timing.py table ARGS)
#
# Needs python3 (Debian's own) and bash 5 ($EPOCHREALTIME).

timing_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

timing_start() {
	timing_name=$1
	timing_dir=$timing_repo/.crony/$1-timing
	mkdir -p "$timing_dir"
	: >"$timing_dir/phases.tsv"
	rm -f "$timing_dir/maven.log"
	timing_failed=""
	timing_beside=()
	trap 'timing_exit $?' EXIT
	trap 'timing_failed=${timing_failed:-interrupted}; exit 130' INT TERM
}

timing_exit() {
	local status=$1
	trap - EXIT
	timing_stop_beside
	if [ "$status" -ne 0 ]; then
		echo >&2
		timing_table >&2 || true
		timing_failed_parts >&2 || true
		echo "make $timing_name: FAILED in ${timing_failed:-an unnamed step} (status $status)" >&2
	fi
	exit "$status"
}

phase() {
	local name=$1 begin=$EPOCHREALTIME cpu status=0
	shift
	timing_cpu
	cpu=$timing_cpu_now
	"$@" || status=$?
	timing_record "$name" "$begin" "$status" "$cpu"
	if [ "$status" -ne 0 ]; then
		timing_failed=$name
		exit "$status"
	fi
}

maven_phase() {
	local name=$1 begin=$EPOCHREALTIME cpu status=0
	shift
	timing_cpu
	cpu=$timing_cpu_now
	# only stdout through the stamp, where Maven logs; pipefail keeps Maven's own status
	(set -o pipefail && "$timing_repo/mvnw" "$@" | python3 "$timing_repo/scripts/lib/timing.py" stamp "$timing_dir/maven.log") ||
		status=$?
	timing_record "$name" "$begin" "$status" "$cpu"
	if [ "$status" -ne 0 ]; then
		timing_failed=$name
		exit "$status"
	fi
}

# CPU seconds (user + system) of this shell's finished children so far, into
# timing_cpu_now: what a step used of the cores, which on a busy machine says more than its
# wall time does. `times` runs in this shell (a $(...) subshell would count its own children).
# (One file per shell: the parts of phases_together measure at the same time.)
timing_cpu() {
	local file="$timing_dir/times.$BASHPID"
	times >"$file"
	timing_cpu_now=$(tail -n 1 "$file" | sed -E 's/([0-9]+)m([0-9.]+)s/\1 \2/g' |
		awk '{ print $1 * 60 + $2 + $3 * 60 + $4 }')
}

timing_record() {
	local seconds cpu
	seconds=$(python3 -c 'import sys; print("%.1f" % (float(sys.argv[2]) - float(sys.argv[1])))' "$2" "$EPOCHREALTIME")
	timing_cpu
	cpu=$(awk -v before="$4" -v after="$timing_cpu_now" 'BEGIN { printf "%.1f", after - before }')
	printf '%s\t%s\t%s\t%s\n' "$1" "$seconds" "$([ "$3" -eq 0 ] && echo ok || echo FAILED)" "$cpu" >>"$timing_dir/phases.tsv"
}

phases_together() {
	local name=$1 begin=$EPOCHREALTIME cpu status=0 pid
	local -a pids=()
	shift
	timing_cpu
	cpu=$timing_cpu_now
	while [ $# -ge 2 ]; do
		timing_part "$1" "$2" &
		pids+=($!)
		shift 2
	done
	for pid in "${pids[@]}"; do
		wait "$pid" || status=$?
	done
	timing_record "$name" "$begin" "$status" "$cpu"
	if [ "$status" -ne 0 ]; then
		timing_failed="$name: $(timing_failed_part_names)"
		exit "$status"
	fi
}

# The parts of phases_together that failed, comma-separated (from the table's indented rows).
timing_failed_part_names() {
	awk -F '\t' '$1 ~ /^  / && $3 == "FAILED" { sub(/^  /, "", $1); names = names sep $1; sep = ", " } END { print names }' \
		"$timing_dir/phases.tsv"
}

# Last on a failed run, where a CI page that shows only the end of the output still has it:
# for each failed part, the last lines of its log that speak of a failure (its whole log is
# printed further up and kept in the part's file).
timing_failed_parts() {
	local name log
	while IFS= read -r name; do
		[ -n "$name" ] || continue
		log="$timing_dir/part-${name// /-}.log"
		[ -f "$log" ] || continue
		echo
		echo "== $name failed; the last lines of its log that name a failure =="
		grep -a -E -i 'fail|error|✘|timed? ?out|exception' "$log" | tail -n 15 | cut -c 1-200
	done < <(timing_failed_part_names | tr ',' '\n' | sed 's/^ //')
}

# One part of phases_together, in a subshell of its own: its output is printed whole when
# it ends (the two never interleave), and its line in the table is indented: a part of the
# phase above it, not added to the total again.
timing_part() (
	local name=$1 begin=$EPOCHREALTIME cpu status=0 log="$timing_dir/part-${1// /-}.log"
	timing_cpu
	cpu=$timing_cpu_now
	bash -c "$2" >"$log" 2>&1 || status=$?
	timing_record "  $name" "$begin" "$status" "$cpu"
	flock "$timing_dir/parts.lock" cat "$log"
	[ "$status" -eq 0 ] || echo "$name: FAILED (status $status); its output is above and in $log" >&2
	exit "$status"
)

part_beside() {
	local name=$1 file="$timing_dir/part-${1// /-}"
	rm -f "$file.status" "$file.pgid"
	timing_beside+=("$file")
	# Forked twice, so that this shell never waits for it: a shell counts its finished
	# children's CPU seconds, and the phase it ended in would count this part's as its own.
	( (
		local begin=$EPOCHREALTIME cpu status=0
		timing_cpu
		cpu=$timing_cpu_now
		bash "$timing_repo/scripts/lib/idle.sh" "$file.pgid" bash -c "$2" >"$file.log" 2>&1 || status=$?
		timing_record "  $name" "$begin" "$status" "$cpu"
		echo "$status" >"$file.status"
	) & )
}

part_join() {
	local name=$1 begin=$EPOCHREALTIME cpu status file="$timing_dir/part-${1// /-}"
	timing_cpu
	cpu=$timing_cpu_now
	# what it ran beside is done: at the idle priority it would now yield to other builds on
	# the machine alone (the group's file is written once it is at the idle priority)
	until [ -s "$file.pgid" ] || [ -f "$file.status" ]; do
		sleep 0.2
	done
	if [ ! -f "$file.status" ]; then
		bash "$timing_repo/scripts/lib/idle.sh" --normal "$file.pgid"
	fi
	until [ -f "$file.status" ]; do
		sleep 1
	done
	status=$(cat "$file.status")
	timing_record "$name, waited for" "$begin" "$status" "$cpu"
	cat "$file.log"
	if [ "$status" -ne 0 ]; then
		echo "$name: FAILED (status $status); its output is above and in $file.log" >&2
		timing_failed=$name
		exit "$status"
	fi
}

# On the way out (a phase failed, or an interrupt): the parts started beside the phases
# that still run are stopped, whole process groups (they run in sessions of their own).
timing_stop_beside() {
	local file
	for file in ${timing_beside[@]+"${timing_beside[@]}"}; do
		[ ! -f "$file.status" ] && [ -s "$file.pgid" ] || continue
		kill -- "-$(cat "$file.pgid")" 2>/dev/null || true
	done
}

timing_table() {
	python3 "$timing_repo/scripts/lib/timing.py" table --phases "$timing_dir/phases.tsv" \
		--maven-log "$timing_dir/maven.log" --root "$timing_repo" --title "make $timing_name" ${timing_table_args[@]+"${timing_table_args[@]}"} "$@"
}
