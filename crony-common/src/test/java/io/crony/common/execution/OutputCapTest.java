package io.crony.common.execution;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OutputCapTest {

	@Test
	void leavesOutputWithinTheLimitAsItIs() {
		assertThat(OutputCap.cap("short", 4096)).isEqualTo("short");
		assertThat(OutputCap.cap("x".repeat(4096), 4096)).hasSize(4096);
		assertThat(OutputCap.cap(null, 10)).isNull();
	}

	@Test
	void keepsTheHeadAndSaysHowManyBytesWereDropped() {
		String capped = OutputCap.cap("a".repeat(10_000), 1000);
		String marker = "\n… [output truncated: ";
		assertThat(capped).startsWith("aaaa").contains(marker).endsWith(" bytes dropped]");
		int kept = capped.indexOf(marker);
		assertThat(capped).endsWith("[output truncated: " + (10_000 - kept) + " bytes dropped]");
		assertThat(capped.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1000);
		assertThat(kept).isGreaterThan(900);
	}

	@Test
	void cutsAtAWholeCharacter() {
		// two bytes each: an odd cut would split one
		String capped = OutputCap.cap("é".repeat(5000), 1001);
		String head = capped.substring(0, capped.indexOf('\n'));
		assertThat(head).matches("é+");
		long dropped = 10_000 - head.getBytes(StandardCharsets.UTF_8).length;
		assertThat(capped).endsWith("[output truncated: " + dropped + " bytes dropped]");
		assertThat(capped.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1001);
	}

	@Test
	void countsWhatWasReadAndDiscardedBeyondTheHead() {
		byte[] head = "b".repeat(100).getBytes(StandardCharsets.UTF_8);
		String capped = OutputCap.cap(head, head.length, 1_000_000, 100);
		int kept = capped.indexOf('\n');
		assertThat(capped).endsWith("[output truncated: " + (1_000_100 - kept) + " bytes dropped]");
		assertThat(capped.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(100);
		assertThat(OutputCap.cap(head, 50, 0, 100)).isEqualTo("b".repeat(50));
	}

}
