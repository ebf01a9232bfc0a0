package io.crony.agent.target;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.job.AlertPolicy;
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

class InvocationTest {

	@Test
	void rendersExecutionIdScheduledAtAndParams() {
		Invocation invocation = new Invocation(null, 42, Instant.parse("2026-03-01T10:00:00Z"), "{\"x\":1}", 1);
		assertThat(invocation.render("{\"id\":${executionId},\"at\":\"${scheduledAt}\",\"p\":${params}}"))
			.isEqualTo("{\"id\":42,\"at\":\"2026-03-01T10:00:00Z\",\"p\":{\"x\":1}}");
	}

	@Test
	void rendersMissingParamsAsEmpty() {
		Invocation invocation = new Invocation(null, 1, Instant.EPOCH, null, 1);
		assertThat(invocation.render("[${params}]")).isEqualTo("[]");
	}

	@Test
	void resolvedAddressChangesOnlyTheUrl() {
		JobSpec job = new JobSpec(7, "report", "nightly", "0 0 2 * * ?", "Europe/Paris",
				new TargetSpec(TargetType.HTTP, "PUT", "lb://reports/run", Map.of("X-Env", "prod"), "{}",
						TargetMode.ASYNC, null, List.of(202)),
				30, new RetryPolicy(3, 5), MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 4,
				new AlertPolicy(List.of(1L), true, true, null, true));
		Invocation resolved = new Invocation(job, 42, Instant.EPOCH, null, 1).withUrl("http://10.0.0.5:8080/run", null);
		assertThat(resolved.job().target().url()).isEqualTo("http://10.0.0.5:8080/run");
		assertThat(resolved.job()).usingRecursiveComparison().ignoringFields("target.url").isEqualTo(job);
	}

	@Test
	void capsOutputAtWholeCharacters() {
		String text = "é".repeat(10);
		assertThat(AttemptResult.cap(text, 5)).isEqualTo("éé");
		assertThat(AttemptResult.cap("short", 4096)).isEqualTo("short");
	}

}
