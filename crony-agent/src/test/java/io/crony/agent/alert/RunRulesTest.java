package io.crony.agent.alert;

import java.util.List;

import io.crony.alert.AlertKind;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AlertPolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunRulesTest {

	private static final AlertPolicy ALL = new AlertPolicy(List.of(1L), true, true, null, true);

	@Test
	void finalFailureRaisesAFailureAlert() {
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.FAILED)).isEqualTo(AlertKind.FAILURE);
	}

	@Test
	void timeoutRaisesATimeoutAlertOrAFailureAlertWhenTimeoutsAreNotWatched() {
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.TIMED_OUT)).isEqualTo(AlertKind.TIMEOUT);
		AlertPolicy failuresOnly = new AlertPolicy(List.of(1L), true, false, null, false);
		assertThat(RunRules.kindOf(failuresOnly, ExecutionStatus.TIMED_OUT)).isEqualTo(AlertKind.FAILURE);
	}

	@Test
	void successCancelAndSkipRaiseNothingOfTheirOwn() {
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.SUCCEEDED)).isNull();
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.CANCELLED)).isNull();
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.SKIPPED)).isNull();
	}

	@Test
	void rulesThatAreOffRaiseNothing() {
		AlertPolicy none = new AlertPolicy(List.of(1L), false, false, null, false);
		assertThat(RunRules.kindOf(none, ExecutionStatus.FAILED)).isNull();
		assertThat(RunRules.kindOf(none, ExecutionStatus.TIMED_OUT)).isNull();
	}

	@Test
	void aShardThatTimedOutRaisesATimeoutAlertUnderATimeoutOnlyPolicyThoughTheRunFailed() {
		AlertPolicy timeoutsOnly = new AlertPolicy(List.of(1L), false, true, null, false);

		assertThat(RunRules.kindOf(timeoutsOnly, ExecutionStatus.FAILED, 1)).isEqualTo(AlertKind.TIMEOUT);
		assertThat(RunRules.kindOf(timeoutsOnly, ExecutionStatus.FAILED, 0)).isNull();
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.FAILED, 1)).as("the run as a whole failed")
			.isEqualTo(AlertKind.FAILURE);
		assertThat(RunRules.kindOf(ALL, ExecutionStatus.TIMED_OUT, 0)).isEqualTo(AlertKind.TIMEOUT);
	}

	@Test
	void failureRateMustBeAboveTheThresholdWithEnoughRuns() {
		AlertPolicy.FailureRate half = new AlertPolicy.FailureRate(0.5, 10, 4);
		assertThat(RunRules.rateExceeded(half, 3, 3)).isFalse();
		assertThat(RunRules.rateExceeded(half, 4, 2)).isFalse();
		assertThat(RunRules.rateExceeded(half, 5, 3)).isTrue();
		assertThat(RunRules.rateExceeded(new AlertPolicy.FailureRate(0, 10, 1), 1, 0)).isFalse();
	}

}
