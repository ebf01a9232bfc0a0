package io.crony.web.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import io.crony.common.job.Sharding;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * The fields {@code GET /jobs/{id}} shows that a definition does not set, as they come
 * back in a write: a job read can be written back whole. {@code PUT /jobs/{id}} takes the
 * bookkeeping fields (id, createdAt, updatedAt, createdBy, dependents, and
 * {@code target.sharding}) when they say what the job says and refuses another value,
 * naming the field, since a client that changes one expects a change Crony will not make;
 * it takes the platform's view (agentId, lastExecution, nextFireAt, placement) whatever
 * it says, since that moves on without a write and comparing it would make a
 * read-then-write fail at random. A create, a bulk write or an import has nothing to
 * compare with, and refuses them all.
 */
final class JobReadBack {

	/** The fields a read adds, with the value each has in a request. */
	private static final List<Field> FIELDS = List.of(new Field("id", JobRequest::id),
			new Field("createdAt", JobRequest::createdAt), new Field("updatedAt", JobRequest::updatedAt),
			new Field("createdBy", JobRequest::createdBy), new Field("dependents", JobRequest::dependents),
			new Field("agentId", JobRequest::agentId), new Field("lastExecution", JobRequest::lastExecution),
			new Field("nextFireAt", JobRequest::nextFireAt), new Field("placement", JobRequest::placement),
			new Field("target.sharding",
					(request) -> (request.target() != null) ? request.target().readSharding() : null));

	private static final String AS_READ = "leave it out or send it as read";

	private JobReadBack() {
	}

	/** A problem for each field a read adds that a new definition carries. */
	static List<FieldProblem> given(JobRequest request) {
		List<FieldProblem> problems = new ArrayList<>();
		for (Field field : FIELDS) {
			if (field.value().apply(request) != null) {
				problems.add(FieldProblem.of(field.name(),
						"read-only: Crony sets it; only PUT /jobs/{id} takes it back, unchanged",
						FieldErrorCode.READ_ONLY));
			}
		}
		return problems;
	}

	/**
	 * The definition a write-back asks for: the fields a read adds checked against the
	 * job as read now, then left out; a sharding read back and not rewritten is kept.
	 * @param request the PUT's body
	 * @param current the job as {@code GET /jobs/{id}} shows it now
	 * @return the request as a definition
	 * @throws InvalidRequestException naming each bookkeeping field that differs
	 */
	static JobRequest written(JobRequest request, JobResponse current) {
		List<FieldProblem> problems = new ArrayList<>();
		differs(problems, "id", request.id(), current.id(), AS_READ);
		differs(problems, "createdAt", request.createdAt(), current.createdAt(), AS_READ);
		differs(problems, "updatedAt", request.updatedAt(), current.updatedAt(), AS_READ);
		differs(problems, "createdBy", request.createdBy(), current.createdBy(), AS_READ);
		differs(problems, "dependents", request.dependents(), current.dependents(),
				"leave it out or send it as read; a job's dependents are set on them (dependsOn)");
		Sharding sharding = (request.target() != null) ? request.target().readSharding() : null;
		differs(problems, "target.sharding", sharding, current.target().sharding(),
				"leave it out or send it as read; change shards, shardParams, broadcast or shardsTimeoutSeconds");
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
		boolean keepSharding = sharding != null && !request.target().writesSharding();
		return request.asWritten(keepSharding ? sharding : null);
	}

	private static void differs(List<FieldProblem> problems, String field, Object given, Object current, String hint) {
		if (given != null && !Objects.equals(given, current)) {
			problems
				.add(FieldProblem.of(field, "read-only, and the job has " + current + ", not " + given + "; " + hint,
						FieldErrorCode.READ_ONLY_DIFFERS, current, given));
		}
	}

	private record Field(String name, Function<JobRequest, Object> value) {
	}

}
