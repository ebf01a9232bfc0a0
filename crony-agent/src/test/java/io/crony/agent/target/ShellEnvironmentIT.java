package io.crony.agent.target;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.template.UpstreamOutputs;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A shell target's environment through a real {@code printenv}: each value filled in from
 * the run's logical instant (in the job's zone) and its paired upstream outputs, as the
 * command is, beside the agent's own environment.
 */
class ShellEnvironmentIT {

	private static final Instant LOGICAL = Instant.parse("2026-11-28T16:30:00Z");

	private final ShellTarget shell = new ShellTarget(new ShellTargetProperties(true, List.of("printenv")), 4096);

	@Test
	void theEnvironmentsValuesTakeTheTemplatesByLogicalTimeAndUpstreamOutputs() throws Exception {
		JobSpec job = job(Map.of("DAY", "${yyyy-MM-dd}", "PREVIOUS_HOUR", "${yyyy-MM-dd HH:mm,-1h}", "ROWS",
				"${upstream.load.outputs.rows}", "LITERAL", "$${HOME}"));
		UpstreamOutputs upstreams = UpstreamOutputs
			.read("{\"load\": {\"executionId\": 12, \"scheduledAt\": \"2026-11-28T16:00:00Z\", \"outputs\": "
					+ "{\"rows\": 42}}}");

		AttemptResult result = this.shell.invoke(new Invocation(job, 1, LOGICAL, null, 1).withUpstreams(upstreams))
			.get(30, TimeUnit.SECONDS);

		assertThat(result.status()).as(result.output()).isEqualTo(ExecutionStatus.SUCCEEDED);
		// in the job's zone, Asia/Shanghai: the logical instant is 2026-11-29 00:30 there
		assertThat(result.output()).isEqualTo("2026-11-29\n2026-11-28 23:30\n42\n${HOME}\n");
	}

	@Test
	void aValueThatCannotBeFilledInFailsTheAttemptNamingItsPlace() throws Exception {
		JobSpec job = job(Map.of("ROWS", "${upstream.load.outputs.nope}"));
		UpstreamOutputs upstreams = UpstreamOutputs
			.read("{\"load\": {\"executionId\": 12, \"scheduledAt\": \"2026-11-28T16:00:00Z\", \"outputs\": "
					+ "{\"rows\": 42}}}");

		AttemptResult result = this.shell.invoke(new Invocation(job, 1, LOGICAL, null, 1).withUpstreams(upstreams))
			.get(30, TimeUnit.SECONDS);

		assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(result.error()).startsWith("target.env.ROWS: ").contains("has no output 'nope'");
	}

	private static JobSpec job(Map<String, String> env) {
		String names = String.join(" ", List.of("DAY", "PREVIOUS_HOUR", "ROWS", "LITERAL"));
		TargetSpec target = new TargetSpec(TargetType.SHELL, null, null, Map.of(), null, TargetMode.SYNC,
				"printenv " + names, List.of(), null, null, null, null, env);
		return new JobSpec(9, "env", null, "0 30 0 * * ?", "Asia/Shanghai", target, 30, RetryPolicy.NONE,
				MisfirePolicy.SKIP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
	}

}
