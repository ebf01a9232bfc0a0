package io.crony.web.workflow;

import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.crony.common.schedule.Schedule;

/**
 * The nodes of one cycle of a workflow: for a run of a job at its logical instant, the
 * instant each job below it (transitively) has in the same cycle, by the pairing rule
 * read backwards (docs/workflows.md, "Pairing by logical instant"): a scheduled job's
 * instant paired with an upstream instant {@code I} is its first instant at or after
 * {@code I} (the interval {@code (prev(T), T]} that holds {@code I}, or for a coarser
 * upstream the first of the instants that pair with it); with several upstreams in the
 * cycle, at or after the latest of theirs; a job without a schedule has its upstreams'
 * instant. A job whose schedule has no such instant is no node of the cycle.
 */
final class CycleNodes {

	private CycleNodes() {
	}

	/**
	 * @param graph the department's dependency graph
	 * @param rootJob the job of the run the cycle starts from
	 * @param instant that run's logical instant
	 * @param schedules each job's schedule; empty for a job without one
	 * @return each job below {@code rootJob} with its instant in the cycle, upstreams
	 * before their dependents
	 */
	static Map<Long, Instant> below(DepartmentGraph graph, long rootJob, Instant instant,
			Map<Long, Optional<Schedule>> schedules) {
		Set<Long> members = graph.closure(rootJob);
		Map<Long, Instant> instants = new HashMap<>();
		instants.put(rootJob, instant);
		Map<Long, Instant> below = new LinkedHashMap<>();
		boolean progress = true;
		while (progress) {
			progress = false;
			for (long job : members) {
				if (instants.containsKey(job) || below.containsKey(job)) {
					continue;
				}
				List<Long> ups = graph.upstreams(job).stream().filter(members::contains).toList();
				if (!ups.stream().allMatch((up) -> instants.containsKey(up) || below.containsKey(up))) {
					continue;
				}
				Instant latest = ups.stream()
					.map((up) -> instants.getOrDefault(up, below.get(up)))
					.filter((at) -> at != null)
					.max(Instant::compareTo)
					.orElse(null);
				progress = true;
				Instant at = (latest == null) ? null : instantOf(schedules.getOrDefault(job, Optional.empty()), latest);
				// a job without an instant in the cycle is marked done, without a node
				below.put(job, at);
			}
		}
		below.values().removeIf((at) -> at == null);
		return below;
	}

	private static Instant instantOf(Optional<Schedule> schedule, Instant upstream) {
		if (schedule.isEmpty()) {
			return upstream;
		}
		return schedule.get().nextFireAfter(upstream.minusMillis(1)).orElse(null);
	}

}
