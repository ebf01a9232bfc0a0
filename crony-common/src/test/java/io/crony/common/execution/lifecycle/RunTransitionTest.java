package io.crony.common.execution.lifecycle;

import org.junit.jupiter.api.Test;

import static io.crony.common.execution.ExecutionStatus.CANCELLED;
import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.MISSED;
import static io.crony.common.execution.ExecutionStatus.PENDING;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SKIPPED;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static io.crony.common.execution.ExecutionStatus.TIMED_OUT;
import static io.crony.common.execution.ExecutionStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RunTransitionTest {

	@Test
	void aFixedTargetIsWrittenAsALiteralGuardedByItsSources() {
		assertThat(RunTransition.START.set("e")).isEqualTo("e.status = 'RUNNING'");
		assertThat(RunTransition.START.where("e")).isEqualTo("e.status IN ('PENDING', 'RUNNING')");
		assertThat(RunTransition.CANCEL.set()).isEqualTo("status = 'CANCELLED'");
		assertThat(RunTransition.CANCEL.where()).isEqualTo("status IN ('PENDING')");
	}

	@Test
	void aValueTargetIsGuardedToTheTransitionsTargets() {
		assertThat(RunTransition.REPORT.setTo(null, "#{status}")).isEqualTo("status = #{status}");
		assertThat(RunTransition.REPORT.where(null, "#{status}"))
			.isEqualTo("status IN ('RUNNING') AND #{status} IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED')");
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.FINISH.set());
	}

	@Test
	void aRetryRestartsAFailedRowOnlyForALaterAttempt() {
		assertThat(RunTransition.RETRY.where())
			.isEqualTo("(status IN ('PENDING', 'RUNNING') OR (status IN ('FAILED', 'TIMED_OUT') AND attempt < ?))");
		assertThat(RunTransition.RETRY.allows(FAILED, RUNNING, true)).isTrue();
		assertThat(RunTransition.RETRY.allows(FAILED, RUNNING, false)).isFalse();
	}

	@Test
	void closedRunsAreNeverLeftButByTheDocumentedExits() {
		for (RunTransition transition : RunTransition.values()) {
			if (transition == RunTransition.CLEAR) {
				// the operator's clear: the one exit of every closed state, back to a
				// start
				assertThat(transition.to()).containsExactlyInAnyOrder(PENDING, WAITING);
				continue;
			}
			assertThat(transition.from()).doesNotContain(SUCCEEDED, CANCELLED, SKIPPED);
			assertThat(transition.retryableFrom()).doesNotContain(SUCCEEDED, CANCELLED, SKIPPED, MISSED);
			if (transition != RunTransition.FINISH) {
				assertThat(transition.from()).as(transition.name()).doesNotContain(MISSED);
			}
			assertThat(transition.from()).as(transition.name()).doesNotContain(FAILED, TIMED_OUT);
		}
		assertThat(RunTransition.FINISH.allows(MISSED, SUCCEEDED, false)).isTrue();
		assertThat(RunTransition.FINISH.allows(PENDING, MISSED, false)).isTrue();
	}

}
