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
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

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
	void rendersDatesByTheLogicalInstantInTheJobsZoneForEveryAttempt() {
		JobSpec job = job("Asia/Shanghai", "echo ${yyyyMMdd,-1d} ${yyyy-MM-dd HH:mm} '${params}'");
		// 16:30 UTC on 28 February is 00:30 on 1 March in Shanghai
		Instant logical = Instant.parse("2026-02-28T16:30:00Z");
		for (int attempt = 1; attempt <= 3; attempt++) {
			Invocation invocation = new Invocation(job, 42, logical, "a b", attempt);
			assertThat(invocation.render("/load?day=${yyyyMMdd}&prev=${yyyyMMdd,-1d}"))
				.isEqualTo("/load?day=20260301&prev=20260228");
			assertThat(ShellTarget.arguments(invocation)).containsExactly("echo", "20260228", "2026-03-01 00:30",
					"'a b'");
		}
		assertThat(new Invocation(job("", "x"), 1, logical, null, 1).render("${yyyyMMdd HH:mm z}"))
			.isEqualTo("20260228 16:30 UTC");
	}

	@Test
	void namesThePlaceOfATemplateItCannotRender() {
		Invocation invocation = new Invocation(job("UTC", "echo ${yyyyMMdd,-1q}"), 1, Instant.EPOCH, null, 1);
		assertThatExceptionOfType(UnrenderableTemplateException.class)
			.isThrownBy(() -> ShellTarget.arguments(invocation))
			.withMessageStartingWith("target.command: unknown unit 'q' in ${yyyyMMdd,-1q}");
	}

	private static JobSpec job(String zone, String command) {
		return new JobSpec(7, "load", null, "0 0 1 * * ?", zone,
				new TargetSpec(TargetType.SHELL, null, null, Map.of(), null, TargetMode.SYNC, command, List.of()), 30,
				RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
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
