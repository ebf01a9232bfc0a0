package io.crony.web.workflow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The dependency graph of one job's department, as stored: each job's upstreams and
 * names, and what depends on a job, transitively.
 */
record DepartmentGraph(Map<Long, List<Long>> upstreamsOf, Map<Long, String> names) {

	/** The graph of the department job {@code jobId} belongs to. */
	static DepartmentGraph of(JdbcTemplate jdbc, long jobId) {
		Map<Long, List<Long>> upstreamsOf = new HashMap<>();
		Map<Long, String> names = new HashMap<>();
		jdbc.query("SELECT d.job_id, d.upstream_id, j.name, u.name FROM job_dependency d JOIN job j ON j.id = d.job_id "
				+ "JOIN job u ON u.id = d.upstream_id JOIN job r ON r.id = ? WHERE j.department_id = r.department_id",
				(rs) -> {
					upstreamsOf.computeIfAbsent(rs.getLong(1), (id) -> new ArrayList<>()).add(rs.getLong(2));
					names.put(rs.getLong(1), rs.getString(3));
					names.put(rs.getLong(2), rs.getString(4));
				}, jobId);
		return new DepartmentGraph(upstreamsOf, names);
	}

	List<Long> upstreams(long jobId) {
		return this.upstreamsOf.getOrDefault(jobId, List.of());
	}

	/** The job and every job that depends on it, transitively, the job first. */
	Set<Long> closure(long jobId) {
		Map<Long, List<Long>> dependentsOf = new HashMap<>();
		this.upstreamsOf.forEach((job, ups) -> ups
			.forEach((up) -> dependentsOf.computeIfAbsent(up, (id) -> new ArrayList<>()).add(job)));
		Set<Long> members = new LinkedHashSet<>();
		Deque<Long> next = new ArrayDeque<>(List.of(jobId));
		while (!next.isEmpty()) {
			long job = next.pop();
			if (members.add(job)) {
				next.addAll(dependentsOf.getOrDefault(job, List.of()));
			}
		}
		return members;
	}

}
