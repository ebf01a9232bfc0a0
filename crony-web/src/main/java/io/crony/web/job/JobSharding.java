package io.crony.web.job;

import java.util.List;

import io.crony.common.job.TargetMode;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

/**
 * The rules of a target's sharding across fields ({@code shards}, {@code shardParams},
 * {@code broadcast}): only a discovered service has several instances to spread calls
 * over, and only a SYNC call ends with its own answer, which the agent waits for per
 * shard (an ASYNC run reports once, for the run, not per shard).
 */
final class JobSharding {

	static final int MIN_SHARDS = 2;

	static final int MAX_SHARDS = 100;

	static final int MAX_PARAMS_LENGTH = 4096;

	private JobSharding() {
	}

	static void check(JobRequest.TargetRequest target, boolean discovered, List<FieldProblem> problems) {
		boolean sharded = target.shards() != null;
		boolean broadcast = Boolean.TRUE.equals(target.broadcast());
		checkParams(target, problems);
		if (!sharded && !broadcast) {
			if (target.shardsTimeoutSeconds() != null) {
				problems.add(FieldProblem.of("target.shardsTimeoutSeconds",
						"applies only with target.shards or target.broadcast", FieldErrorCode.NOT_APPLICABLE));
			}
			return;
		}
		String field = sharded ? "target.shards" : "target.broadcast";
		if (!discovered) {
			problems
				.add(FieldProblem.of(field,
						"applies to lb://service/path (HTTP) and discovery:///service "
								+ "(GRPC) targets only: other addresses name one instance",
						FieldErrorCode.NOT_APPLICABLE));
		}
		if (sharded && (target.shards() < MIN_SHARDS || target.shards() > MAX_SHARDS)) {
			problems.add(
					FieldProblem.of("target.shards", "must be between 2 and 100", FieldErrorCode.OUT_OF_RANGE, 2, 100));
		}
		if (sharded && broadcast) {
			problems.add(FieldProblem.of("target.broadcast",
					"not with target.shards: a fire makes either that many calls or one per instance",
					FieldErrorCode.NOT_APPLICABLE));
		}
		if (target.mode() == TargetMode.ASYNC) {
			problems.add(FieldProblem.of("target.mode",
					"ASYNC shards are not supported: a sharded or broadcast target must be SYNC",
					FieldErrorCode.SHARDS_MUST_BE_SYNC));
		}
		if (target.statusUrl() != null && !target.statusUrl().isBlank()) {
			problems.add(FieldProblem.of("target.statusUrl", "not with target.shards or target.broadcast",
					FieldErrorCode.NOT_APPLICABLE));
		}
	}

	/** Parameters: one per shard, so only with a count, and exactly that many. */
	private static void checkParams(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		List<String> params = target.shardParams();
		if (params == null || params.isEmpty()) {
			return;
		}
		if (target.shards() == null) {
			problems.add(FieldProblem.of("target.shardParams", "applies only with target.shards",
					FieldErrorCode.NOT_APPLICABLE));
			return;
		}
		if (params.size() != target.shards()) {
			problems.add(FieldProblem.of("target.shardParams",
					"must hold exactly target.shards (" + target.shards() + ") items, one per shard",
					FieldErrorCode.SHARD_PARAMS_COUNT, target.shards()));
		}
		for (int i = 0; i < params.size(); i++) {
			String item = params.get(i);
			if (item == null) {
				problems.add(FieldProblem.required("target.shardParams[" + i + "]", "must not be null"));
			}
			else if (item.length() > MAX_PARAMS_LENGTH) {
				problems.add(FieldProblem.of("target.shardParams[" + i + "]", "must be at most 4096 characters",
						FieldErrorCode.TOO_LONG, 4096));
			}
		}
	}

}
