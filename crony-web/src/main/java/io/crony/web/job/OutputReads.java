package io.crony.web.job;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.job.TargetSpec;
import io.crony.common.secret.SecretBox;
import io.crony.common.template.RunTemplate;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

/**
 * The upstream outputs a job's texts read ({@code ${upstream.<job>.outputs.<field>}}),
 * checked on save against the job's ancestors: a run is only ever paired with runs of the
 * jobs it waits for, directly or through its upstreams, so a text reading any other job
 * could never be filled in. Each problem names the text's place and the job read.
 */
final class OutputReads {

	private OutputReads() {
	}

	/**
	 * The texts of a target and the upstream jobs each reads, by place
	 * ({@code target.url}, {@code target.headers.X-Day}); empty when none reads any.
	 * Sealed (secret) header values are never read as templates.
	 */
	static Map<String, List<String>> of(TargetSpec target) {
		Map<String, List<String>> reads = new LinkedHashMap<>();
		add(reads, "target.url", target.url());
		add(reads, "target.statusUrl", target.statusUrl());
		add(reads, "target.body", target.body());
		add(reads, "target.command", target.command());
		target.env().forEach((name, value) -> add(reads, "target.env." + name, value));
		target.headers().forEach((name, value) -> {
			if (!SecretBox.isSealed(value)) {
				add(reads, "target.headers." + name, value);
			}
		});
		return reads;
	}

	/**
	 * @param reads what {@link #of} found
	 * @param jobId the job being saved (0 when it is new)
	 * @param upstreamNames its upstreams' names, as the request gives them
	 * @param upstreams their ids
	 * @param edges the department's edges as stored
	 * @return a problem for each place that reads a job that is not an ancestor
	 */
	static List<FieldProblem> problems(Map<String, List<String>> reads, long jobId, List<String> upstreamNames,
			List<Long> upstreams, List<DependencyMapper.Edge> edges) {
		Set<String> ancestors = ancestors(jobId, upstreamNames, upstreams, edges);
		List<FieldProblem> problems = new ArrayList<>();
		reads
			.forEach((place, jobs) -> jobs.stream()
				.filter((job) -> !ancestors.contains(job))
				.forEach((job) -> problems.add(FieldProblem.of(place, "reads the outputs of job '" + job
						+ "', which is not an upstream of this job (directly or through its upstreams): add it to "
						+ "dependsOn, or read only jobs this one waits for", FieldErrorCode.READS_NON_UPSTREAM, job))));
		return problems;
	}

	private static Set<String> ancestors(long jobId, List<String> upstreamNames, List<Long> upstreams,
			List<DependencyMapper.Edge> edges) {
		Map<Long, List<DependencyMapper.Edge>> upstreamsOf = new HashMap<>();
		for (DependencyMapper.Edge edge : edges) {
			if (edge.jobId() != jobId) {
				upstreamsOf.computeIfAbsent(edge.jobId(), (id) -> new ArrayList<>()).add(edge);
			}
		}
		Set<String> names = new HashSet<>();
		if (upstreamNames != null) {
			upstreamNames.forEach((name) -> names.add(name.strip()));
		}
		Set<Long> seen = new HashSet<>(upstreams);
		Deque<Long> stack = new ArrayDeque<>(upstreams);
		while (!stack.isEmpty()) {
			for (DependencyMapper.Edge edge : upstreamsOf.getOrDefault(stack.pop(), List.of())) {
				names.add(edge.upstreamName());
				if (seen.add(edge.upstreamId())) {
					stack.push(edge.upstreamId());
				}
			}
		}
		return names;
	}

	private static void add(Map<String, List<String>> reads, String place, String text) {
		if (text == null || !text.contains("${upstream.") || RunTemplate.problem(text) != null) {
			return;
		}
		List<String> jobs = RunTemplate.parse(text).upstreamJobs();
		if (!jobs.isEmpty()) {
			reads.put(place, jobs);
		}
	}

}
