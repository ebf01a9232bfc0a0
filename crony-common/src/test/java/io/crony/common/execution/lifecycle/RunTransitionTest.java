package io.crony.common.execution.lifecycle;

import io.crony.common.execution.ExecutionStatus;
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
	void anInsertMakesARowOnlyWhereTheKeyHasNoneAndOnlyInOneOfItsTargets() {
		assertThat(RunTransition.INSERT_CLOSED.inserts()).isTrue();
		assertThat(RunTransition.FINISH.inserts()).isFalse();
		assertThat(RunTransition.INSERT_CLOSED.insertWhere("v.status"))
			.isEqualTo("v.status IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED', 'SKIPPED', 'MISSED')");
		assertThat(RunTransition.INSERT_RUNNING.insertValue()).isEqualTo("'RUNNING'");
		assertThat(RunTransition.INSERT_CLOSED.allows(null, SUCCEEDED, false)).isTrue();
		assertThat(RunTransition.INSERT_CLOSED.allows(null, RUNNING, false)).isFalse();
		assertThat(RunTransition.INSERT_RUNNING.allows(null, RUNNING, false)).isTrue();
		// a key that has a row is the update's: the insert never writes over it
		for (ExecutionStatus current : ExecutionStatus.values()) {
			assertThat(RunTransition.INSERT_CLOSED.allows(current, SUCCEEDED, true)).as("from %s", current).isFalse();
			assertThat(RunTransition.INSERT_RUNNING.allows(current, RUNNING, true)).as("from %s", current).isFalse();
		}
		// and no update starts from a key without a row
		assertThat(RunTransition.FINISH.allows(null, SUCCEEDED, false)).isFalse();
	}

	@Test
	void aRecordWhoseKeyHasARowGoesThroughTheUpdatesGuard() {
		assertThat(RunTransition.INSERT_CLOSED.whenPresent()).isEqualTo(RunTransition.FINISH);
		assertThat(RunTransition.INSERT_RUNNING.whenPresent()).isEqualTo(RunTransition.START);
		// what the insert may write, the update may too, from every open state and MISSED
		for (ExecutionStatus target : RunTransition.INSERT_CLOSED.to()) {
			assertThat(RunTransition.FINISH.allows(PENDING, target, false)).as("to %s", target).isTrue();
			assertThat(RunTransition.FINISH.allows(MISSED, target, false)).as("to %s", target).isTrue();
			// a closed row is never overwritten by a duplicate record
			assertThat(RunTransition.FINISH.allows(SUCCEEDED, target, false)).as("to %s", target).isFalse();
		}
		assertThatIllegalStateException().isThrownBy(RunTransition.FINISH::whenPresent);
	}

	@Test
	void anInsertHasNoUpdateSqlAndAnUpdateNoInsertSql() {
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.INSERT_CLOSED.where("e"));
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.INSERT_CLOSED.setTo("e", "v.status"));
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.INSERT_RUNNING.set());
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.INSERT_CLOSED.insertValue());
		assertThatIllegalStateException().isThrownBy(() -> RunTransition.FINISH.insertWhere("v.status"));
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
