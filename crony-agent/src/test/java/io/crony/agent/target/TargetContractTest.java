package io.crony.agent.target;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TargetContractTest {

	@Test
	void jsonFailedWithStatus200IsAFailure() {
		AttemptResult outcome = TargetContract.successfulAnswer(200,
				"{\"outcome\":\"FAILED\",\"message\":\"order -1 is negative\",\"output\":\"x\"}");
		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.error()).isEqualTo("order -1 is negative");
		assertThat(outcome.output()).isEqualTo("x");
	}

	@Test
	void acceptedAnswerMeansTheResultComesLater() {
		assertThat(TargetContract.successfulAnswer(202, "{\"outcome\":\"ACCEPTED\"}").accepted()).isTrue();
		assertThat(TargetContract.successfulAnswer(202, "").accepted()).isTrue();
	}

	@Test
	void plainAnswersKeepTheStatusCodesVerdict() {
		assertThat(TargetContract.successfulAnswer(200, "ok").status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(TargetContract.successfulAnswer(200, "{\"total\":3}").status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		AttemptResult succeeded = TargetContract.successfulAnswer(200,
				"{\"outcome\":\"SUCCEEDED\",\"output\":\"total=3\"}");
		assertThat(succeeded.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(succeeded.output()).isEqualTo("total=3");
	}

	@Test
	void sendsTheContractHeaders() {
		Invocation invocation = new Invocation(job(), 42, Instant.parse("2026-11-22T08:00:00Z"), null, 2,
				TriggerType.RETRY)
			.withDeadlineAndToken(Instant.parse("2026-11-22T08:00:30Z"), "tok")
			.withResumePayload("shard-3");
		Map<String, String> headers = new LinkedHashMap<>();
		TargetContract.headers(invocation, headers::put);
		assertThat(headers).containsEntry("X-Crony-Job-Name", "rebuild")
			.containsEntry("X-Crony-Deadline", "2026-11-22T08:00:30Z")
			.containsEntry("X-Crony-Token", "tok")
			.containsEntry("X-Crony-Trigger", "RETRY")
			.containsEntry("X-Crony-Resume-Payload",
					Base64.getEncoder().encodeToString("shard-3".getBytes(StandardCharsets.UTF_8)));
	}

	@Test
	void leavesOutWhatIsUnknown() {
		Map<String, String> headers = new LinkedHashMap<>();
		TargetContract.headers(new Invocation(job(), 0, Instant.EPOCH, null, 1), headers::put);
		assertThat(headers).containsOnlyKeys("X-Crony-Job-Name");
	}

	private static JobSpec job() {
		return new JobSpec(7, "rebuild", null, "@every 1h", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://x/y", Map.of(), null, TargetMode.ASYNC, null,
						List.of()),
				30, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
	}

}
