package io.crony.web.job;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.crony.common.job.TargetSpec;
import io.crony.web.auth.Departments;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

import org.springframework.stereotype.Component;

/**
 * A job's upstreams as the API names them (job names of its department) and as the store
 * keeps them (ids in {@code job_dependency} and in the job's spec). Every write of a
 * job's upstreams goes through {@link #resolve}, which refuses unknown names, the job
 * itself and any set that would close a cycle, naming the cycle.
 * <p>
 * Writes of a department's edges run one at a time: each first takes the department's row
 * ({@link DependencyMapper#lockDepartment}) until its transaction ends. Two saves at once
 * could otherwise each pass the cycle check against a graph without the other's edge and
 * close a cycle together, and their deletes and inserts of edges deadlocked in MariaDB (a
 * 500). The check reads committed edges only when the transaction reads committed data
 * ({@link JobService}'s writes do), not a snapshot from before the lock.
 */
@Component
public class JobDependencies {

	/** As {@link JobRequest#dependsOn()} allows. */
	static final int MAX_UPSTREAMS = 32;

	private final DependencyMapper edges;

	JobDependencies(DependencyMapper edges) {
		this.edges = edges;
	}

	/**
	 * The ids of the named upstreams of job {@code jobId} (0 for a job not created yet),
	 * checked.
	 * @throws InvalidRequestException naming {@code dependsOn}: an unknown name, the job
	 * itself, or a cycle ({@code load → report → load})
	 */
	List<Long> resolve(long jobId, String jobName, List<String> names) {
		// first, also with no names: the job's insert takes a shared lock on the
		// department's
		// row (its foreign key), which this lock taken after it would deadlock on
		long department = lockGraph();
		if (names == null || names.isEmpty()) {
			return List.of();
		}
		Set<String> wanted = new LinkedHashSet<>(names.stream().map(String::strip).toList());
		if (wanted.contains(jobName)) {
			throw InvalidRequestException.of(FieldProblem.of("dependsOn",
					"a job cannot depend on itself ('" + jobName + "')", FieldErrorCode.SELF_DEPENDENCY));
		}
		Map<String, Long> ids = new HashMap<>();
		this.edges.named(department, wanted).forEach((job) -> ids.put(job.jobName(), job.jobId()));
		List<String> unknown = wanted.stream().filter((name) -> !ids.containsKey(name)).toList();
		if (!unknown.isEmpty()) {
			throw InvalidRequestException.of(FieldProblem.of("dependsOn", "no job named "
					+ String.join(", ", unknown.stream().map((n) -> "'" + n + "'").toList()) + " in this department",
					FieldErrorCode.UNKNOWN_JOB, String.join(", ", unknown)));
		}
		List<Long> upstreams = wanted.stream().map(ids::get).sorted().toList();
		if (jobId != 0) {
			List<String> cycle = DependencyCycles.find(jobId, jobName, upstreams, this.edges.edgesOf(department));
			if (!cycle.isEmpty()) {
				String path = String.join(" → ", cycle);
				throw InvalidRequestException
					.of(FieldProblem.of("dependsOn", "makes a cycle: " + path, FieldErrorCode.DEPENDENCY_CYCLE, path));
			}
		}
		return upstreams;
	}

	/**
	 * Refuses a target whose texts read the outputs of a job that is not among the job's
	 * ancestors ({@link OutputReads}). The transaction holds the graph already
	 * ({@link #resolve}).
	 * @param upstreams the ids {@link #resolve} gave for {@code upstreamNames}
	 * @throws InvalidRequestException naming each text's place and the job it reads
	 */
	void checkOutputReads(long jobId, List<String> upstreamNames, List<Long> upstreams, TargetSpec target) {
		Map<String, List<String>> reads = OutputReads.of(target);
		if (reads.isEmpty()) {
			return;
		}
		List<FieldProblem> problems = OutputReads.problems(reads, jobId, upstreamNames, upstreams,
				upstreams.isEmpty() ? List.of() : this.edges.edgesOf(Departments.current()));
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
	}

	/**
	 * Waits for, then holds until the transaction ends, the right to change the current
	 * department's edges.
	 * @return the department
	 */
	long lockGraph() {
		long department = Departments.current();
		this.edges.lockDepartment(department);
		return department;
	}

	/**
	 * Makes {@code upstreams} the job's whole set of upstreams. The transaction holds the
	 * graph already ({@link #resolve} or {@link #lockGraph}, before the job's insert).
	 */
	void replace(long jobId, List<Long> upstreams) {
		this.edges.deleteUpstreams(jobId);
		if (!upstreams.isEmpty()) {
			this.edges.insert(jobId, upstreams);
		}
	}

	/** The names of the jobs that wait for this one, sorted. */
	List<String> dependentNames(long jobId) {
		return new ArrayList<>(named(List.of(jobId)).getOrDefault(jobId, Named.NONE).dependents());
	}

	/** The ids of the jobs that wait for this one. */
	List<Long> dependentIds(long jobId) {
		return this.edges.edgesTouching(List.of(jobId))
			.stream()
			.filter((edge) -> edge.upstreamId() == jobId)
			.map(DependencyMapper.Edge::jobId)
			.toList();
	}

	/**
	 * Removes every edge to this job from its dependents (they no longer wait for it).
	 * The transaction holds the graph already ({@link #lockGraph}, before the dependents
	 * are read).
	 */
	void cutDependents(long jobId) {
		this.edges.deleteDependents(jobId);
	}

	/** Each job's upstream and dependent names, for the responses. */
	Map<Long, Named> named(Collection<Long> jobIds) {
		if (jobIds.isEmpty()) {
			return Map.of();
		}
		Map<Long, Named> named = new TreeMap<>();
		for (DependencyMapper.Edge edge : this.edges.edgesTouching(jobIds)) {
			if (jobIds.contains(edge.jobId())) {
				named.computeIfAbsent(edge.jobId(), (id) -> new Named()).upstreams().add(edge.upstreamName());
			}
			if (jobIds.contains(edge.upstreamId())) {
				named.computeIfAbsent(edge.upstreamId(), (id) -> new Named()).dependents().add(edge.jobName());
			}
		}
		return named;
	}

	/** A job's upstream and dependent names, each sorted. */
	record Named(Set<String> upstreams, Set<String> dependents) {

		static final Named NONE = new Named(Set.of(), Set.of());

		Named() {
			this(new TreeSet<>(), new TreeSet<>());
		}

	}

}
