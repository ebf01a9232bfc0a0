package io.crony.web.execution;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LiveStateTest {

	@Test
	void aGrowingOutputIsADeltaAtItsOldLength() {
		assertThat(LiveState.delta("a\n", "a\nb\n")).isEqualTo(new LiveState.OutputEvent(2, "b\n"));
		assertThat(LiveState.delta(null, "a\n")).isEqualTo(new LiveState.OutputEvent(0, "a\n"));
	}

	@Test
	void anOutputThatChangedKeepsOnlyTheCommonPrefix() {
		assertThat(LiveState.delta("head\n… [output truncated: 10 bytes dropped]",
				"head\n… [output truncated: 250 bytes dropped]"))
			.isEqualTo(new LiveState.OutputEvent(26, "250 bytes dropped]"));
		assertThat(LiveState.delta("abc", null)).isEqualTo(new LiveState.OutputEvent(0, ""));
	}

	@Test
	void anUnchangedOutputSendsNothingAndASurrogatePairIsNeverSplit() {
		assertThat(LiveState.delta("same", "same")).isNull();
		assertThat(LiveState.delta("x\uD83D\uDE00", "x\uD83D\uDE01"))
			.isEqualTo(new LiveState.OutputEvent(1, "\uD83D\uDE01"));
	}

	@Test
	void theStateDiffersWhenStatusProgressMessageOrErrorDo() {
		LiveState running = new LiveState(ExecutionStatus.RUNNING, 10, "m", null, "out");
		assertThat(running.stateDiffers(null)).isTrue();
		assertThat(running.stateDiffers(new LiveState(ExecutionStatus.RUNNING, 10, "m", null, "other"))).isFalse();
		assertThat(running.stateDiffers(new LiveState(ExecutionStatus.RUNNING, 20, "m", null, "out"))).isTrue();
		assertThat(running.stateDiffers(new LiveState(ExecutionStatus.RUNNING, 10, "n", null, "out"))).isTrue();
	}

}
