package io.crony.agent.target;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real command whose output is far over the agent's output limit: the run keeps the
 * head of it and says how much was dropped, the whole within the limit.
 */
class ShellOutputCapIT {

	@Test
	void keepsTheHeadOfALongOutputAndSaysHowMuchWasDropped() throws Exception {
		ShellTarget shell = new ShellTarget(new ShellTargetProperties(true, List.of("seq")), 4096);
		// 1..100000, one per line: 588,895 bytes
		JobSpec job = new JobSpec(7, "chatty", null, "0 0 2 * * ?", "UTC",
				new TargetSpec(TargetType.SHELL, null, null, Map.of(), null, TargetMode.SYNC, "seq 1 100000",
						List.of()),
				30, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);

		AttemptResult result = shell.invoke(new Invocation(job, 1, Instant.EPOCH, null, 1)).get(30, TimeUnit.SECONDS);

		assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		String output = result.output();
		int head = output.indexOf("\n… [output truncated: ");
		assertThat(output).startsWith("1\n2\n3\n")
			.endsWith("[output truncated: " + (588_895 - head) + " bytes dropped]");
		assertThat(output.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(4096);
		assertThat(head).isGreaterThan(4000);
	}

	@Test
	void keepsWhatATimedOutCommandPrinted(@TempDir Path dir) throws Exception {
		Path script = dir.resolve("hangs.sh");
		Files.writeString(script, "echo started\nsleep 30\n");
		ShellTarget shell = new ShellTarget(new ShellTargetProperties(true, List.of("sh")), 4096);
		JobSpec job = new JobSpec(8, "hangs", null, "0 0 2 * * ?", "UTC",
				new TargetSpec(TargetType.SHELL, null, null, Map.of(), null, TargetMode.SYNC, "sh " + script,
						List.of()),
				1, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);

		AttemptResult result = shell.invoke(new Invocation(job, 1, Instant.EPOCH, null, 1)).get(30, TimeUnit.SECONDS);

		assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
		assertThat(result.output()).isEqualTo("started\n");
	}

}
