package io.crony.agent.target;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import io.crony.agent.AgentTestSupport;
import io.crony.agent.target.AttemptPolicy.Step;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The one rule of what follows an attempt, as a table. */
class AttemptPolicyTest {

	private static final AttemptResult OK = new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null);

	private static final AttemptResult FAILED = AttemptResult.failed("500");

	private static final AttemptResult TIMED_OUT = new AttemptResult(ExecutionStatus.TIMED_OUT, null, "late");

	private static final AttemptResult MOVED = AttemptResult.moved("10.0.0.1:8080",
			Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED));

	// three tries, waits of 1 s, 2 s, 4 s... without jitter
	private static final RetryPolicy THREE = RetryPolicy.exponential(3, 1, 2.0, 60, 0.0);

	static Stream<Arguments> runs() {
		return Stream.of(
				// policy, result, attempt, moves before it -> step, status, wait
				arguments("success ends the run", THREE, OK, 1, 0, Step.FINISH, ExecutionStatus.SUCCEEDED, 0),
				arguments("first failure retried after the first wait", THREE, FAILED, 1, 0, Step.RETRY,
						ExecutionStatus.FAILED, 1000),
				arguments("second failure waits longer", THREE, FAILED, 2, 0, Step.RETRY, ExecutionStatus.FAILED, 2000),
				arguments("third failure is the last try", THREE, TIMED_OUT, 3, 0, Step.FINISH,
						ExecutionStatus.TIMED_OUT, 0),
				arguments("no retry policy: one try", RetryPolicy.NONE, FAILED, 1, 0, Step.FINISH,
						ExecutionStatus.FAILED, 0),
				arguments("a move starts the next attempt at once", RetryPolicy.NONE, MOVED, 1, 0, Step.MOVE,
						ExecutionStatus.RUNNING, 0),
				arguments("moves are not tries", THREE, FAILED, 3, 2, Step.RETRY, ExecutionStatus.FAILED, 1000),
				arguments("nor steps of the backoff", THREE, FAILED, 4, 2, Step.RETRY, ExecutionStatus.FAILED, 2000),
				arguments("the last try counts without the moves", THREE, TIMED_OUT, 5, 2, Step.FINISH,
						ExecutionStatus.TIMED_OUT, 0),
				arguments("the tenth move is the last", THREE, MOVED, 10, 9, Step.MOVE, ExecutionStatus.RUNNING, 0),
				arguments("a move past the limit is a failure, retried", THREE, MOVED, 11, 10, Step.RETRY,
						ExecutionStatus.FAILED, 1000),
				arguments("a move past the limit on the last try ends the run", RetryPolicy.NONE, MOVED, 11, 10,
						Step.FINISH, ExecutionStatus.FAILED, 0));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("runs")
	void run(String name, RetryPolicy retry, AttemptResult result, int attempt, int moves, Step step,
			ExecutionStatus status, long waitMillis) {
		AttemptPolicy.Next next = AttemptPolicy.ofRun(job(retry, null)).after(result, attempt, moves, new Random(1));

		assertThat(next.step()).isEqualTo(step);
		assertThat(next.result().status()).isEqualTo(status);
		assertThat(next.delay()).isEqualTo(Duration.ofMillis(waitMillis));
	}

	static Stream<Arguments> shards() {
		return Stream.of(arguments("a failed shard is retried with the job's policy", FAILED, 1, Step.RETRY, 1000),
				arguments("until its tries are used", FAILED, 3, Step.FINISH, 0),
				arguments("a shard does not move: a move is a failure", MOVED, 1, Step.RETRY, 1000));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("shards")
	void shard(String name, AttemptResult result, int attempt, Step step, long waitMillis) {
		JobSpec sharded = job(THREE, new Sharding(3, List.of(), false, null));

		AttemptPolicy.Next next = AttemptPolicy.ofShard(sharded).after(result, attempt, 0, new Random(1));

		assertThat(next.step()).isEqualTo(step);
		assertThat(next.delay()).isEqualTo(Duration.ofMillis(waitMillis));
		if (result.moved()) {
			assertThat(next.result().status()).isEqualTo(ExecutionStatus.FAILED);
			assertThat(next.result().error()).endsWith("a shard is not moved");
		}
	}

	@ParameterizedTest(name = "a sharded run is one try at the run's level: {0}")
	@MethodSource("failures")
	void shardedRunIsNotRetriedWhole(AttemptResult result) {
		JobSpec sharded = job(THREE, new Sharding(3, List.of(), false, null));

		assertThat(AttemptPolicy.ofRun(sharded).after(result, 1, 0, new Random(1)).step()).isEqualTo(Step.FINISH);
	}

	static Stream<AttemptResult> failures() {
		return Stream.of(FAILED, TIMED_OUT);
	}

	private static JobSpec job(RetryPolicy retry, Sharding sharding) {
		JobSpec base = AgentTestSupport.httpJob(1, AgentTestSupport.NEVER_SOON, "http://127.0.0.1:1/");
		return new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(),
				new TargetSpec(TargetType.HTTP, "POST", "http://127.0.0.1:1/", Map.of(), null, TargetMode.SYNC, null,
						List.of(), null, null, sharding),
				5, retry, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
	}

}
