package io.crony.common.execution.lifecycle;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AttemptTransitionTest {

	@Test
	void onlyAnOpenLinkIsWritten() {
		assertThat(AttemptTransition.RESTART.where(null)).isEqualTo("status IS NULL");
		assertThat(AttemptTransition.END.setTo(null, "?")).isEqualTo("status = ?");
		assertThat(AttemptTransition.END.where(null, "?"))
			.isEqualTo("status IS NULL AND ? IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED', 'MOVED')");
		assertThatIllegalStateException().isThrownBy(() -> AttemptTransition.RESTART.setTo(null, "?"));
	}

	@Test
	void anEndedLinkIsNeverLeft() {
		for (AttemptStatus ended : AttemptStatus.values()) {
			for (AttemptTransition transition : AttemptTransition.values()) {
				assertThat(transition.allows(ended, null)).as(ended + " " + transition).isFalse();
				for (AttemptStatus target : AttemptStatus.values()) {
					assertThat(transition.allows(ended, target)).as(ended + " " + transition).isFalse();
				}
			}
			assertThat(AttemptTransition.END.allows(null, ended)).isTrue();
		}
		assertThat(AttemptTransition.RESTART.allows(null, null)).isTrue();
		assertThat(AttemptTransition.END.allows(null, null)).isFalse();
	}

}
