package io.crony.agent.target;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class LiveOutputsTest {

	private final List<String> writes = new CopyOnWriteArrayList<>();

	@Test
	void writesTheOutputOnlyWhenItGrewAndNeverAfterTheSessionClosed() {
		try (LiveOutputs live = new LiveOutputs(Duration.ofMillis(100),
				(id, output) -> this.writes.add(id + ":" + output))) {
			OutputBuffer buffer = new OutputBuffer(4096);
			LiveOutputs.Session session = live.open(7, buffer);
			append(buffer, "a\n");
			await().atMost(Duration.ofSeconds(5)).until(() -> this.writes.contains("7:a\n"));
			append(buffer, "b\n");
			await().atMost(Duration.ofSeconds(5)).until(() -> this.writes.contains("7:a\nb\n"));
			session.close();
			append(buffer, "c\n");
			// several intervals pass: unchanged output was not written again, and the
			// closed session not at all
			await().during(Duration.ofMillis(500))
				.atMost(Duration.ofSeconds(2))
				.until(() -> this.writes.equals(List.of("7:a\n", "7:a\nb\n")));
		}
	}

	@Test
	void anOutputTheRowDidNotTakeIsWrittenAgainAlthoughItDidNotGrow() {
		// the row is not RUNNING yet for the first two writes (its start record is held)
		List<String> tried = new CopyOnWriteArrayList<>();
		try (LiveOutputs live = new LiveOutputs(Duration.ofMillis(100), (id, output) -> {
			tried.add(output);
			return tried.size() > 2 && this.writes.add(output);
		})) {
			OutputBuffer buffer = new OutputBuffer(4096);
			live.open(7, buffer);
			append(buffer, "a\n");
			await().atMost(Duration.ofSeconds(5)).until(() -> this.writes.contains("a\n"));
			await().during(Duration.ofMillis(400)).atMost(Duration.ofSeconds(2)).until(() -> tried.size() == 3);
		}
	}

	@Test
	void writesNothingForAnUnknownExecutionOrWhenSwitchedOff() {
		try (LiveOutputs off = new LiveOutputs(Duration.ZERO, (id, output) -> this.writes.add(output));
				LiveOutputs on = new LiveOutputs(Duration.ofMillis(100), (id, output) -> this.writes.add(output))) {
			OutputBuffer buffer = new OutputBuffer(4096);
			off.open(7, buffer);
			on.open(0, buffer);
			append(buffer, "a\n");
			await().during(Duration.ofMillis(400)).atMost(Duration.ofSeconds(2)).until(this.writes::isEmpty);
		}
	}

	@Test
	void capsTheOutputLikeTheFinalOne() {
		OutputBuffer buffer = new OutputBuffer(256);
		for (int i = 0; i < 100; i++) {
			append(buffer, "line " + i + "\n");
		}
		assertThat(buffer.text()).startsWith("line 0\n").contains("[output truncated: ");
		assertThat(buffer.text().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(256);
		assertThat(buffer.size()).isGreaterThan(256);
	}

	private static void append(OutputBuffer buffer, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		buffer.append(bytes, 0, bytes.length);
	}

}
