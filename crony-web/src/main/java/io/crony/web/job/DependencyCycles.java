package io.crony.web.job;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether giving a job a set of upstreams closes a cycle in its department's graph, and
 * which: a cycle exists exactly when the job is among the upstreams, transitively, of one
 * of its new upstreams. The path is named in the order runs would flow, from the job back
 * to itself ({@code load → report → load}).
 */
final class DependencyCycles {

	private DependencyCycles() {
	}

	/**
	 * @param jobId the job being saved
	 * @param jobName its name (as saved)
	 * @param upstreams its new upstreams
	 * @param edges every edge of the department as stored (the job's old upstreams are
	 * replaced by {@code upstreams})
	 * @return the cycle's job names, first and last the job itself; empty when there is
	 * none
	 */
	static List<String> find(long jobId, String jobName, List<Long> upstreams, List<DependencyMapper.Edge> edges) {
		Map<Long, List<Long>> upstreamsOf = new HashMap<>();
		Map<Long, String> names = new HashMap<>();
		names.put(jobId, jobName);
		for (DependencyMapper.Edge edge : edges) {
			names.put(edge.jobId(), edge.jobName());
			names.put(edge.upstreamId(), edge.upstreamName());
			if (edge.jobId() != jobId) {
				upstreamsOf.computeIfAbsent(edge.jobId(), (id) -> new ArrayList<>()).add(edge.upstreamId());
			}
		}
		upstreamsOf.put(jobId, upstreams);
		// depth-first from the job along upstream edges; reaching the job again is a
		// cycle
		Map<Long, Long> reachedFrom = new HashMap<>();
		Set<Long> seen = new HashSet<>();
		Deque<Long> stack = new ArrayDeque<>();
		stack.push(jobId);
		while (!stack.isEmpty()) {
			long current = stack.pop();
			for (long upstream : upstreamsOf.getOrDefault(current, List.of())) {
				if (upstream == jobId) {
					return path(jobId, current, reachedFrom, names);
				}
				if (seen.add(upstream)) {
					reachedFrom.put(upstream, current);
					stack.push(upstream);
				}
			}
		}
		return List.of();
	}

	// from the job to `last` (which waits for the job), then back along the upstream
	// steps that reached `last`: each job in the list runs before the next one
	private static List<String> path(long jobId, long last, Map<Long, Long> reachedFrom, Map<Long, String> names) {
		List<String> flow = new ArrayList<>();
		flow.add(names.get(jobId));
		for (long step = last; step != jobId; step = reachedFrom.get(step)) {
			flow.add(names.get(step));
		}
		flow.add(names.get(jobId));
		return flow;
	}

}
