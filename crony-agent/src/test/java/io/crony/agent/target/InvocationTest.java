package io.crony.agent.target;

import java.time.Instant;

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
	void capsOutputAtWholeCharacters() {
		String text = "é".repeat(10);
		assertThat(Outcome.cap(text, 5)).isEqualTo("éé");
		assertThat(Outcome.cap("short", 4096)).isEqualTo("short");
	}

}
