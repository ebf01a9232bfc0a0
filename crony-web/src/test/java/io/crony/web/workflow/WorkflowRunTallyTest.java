package io.crony.web.workflow;

import java.util.List;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WorkflowRunTallyTest {

	@Test
	void anOverlapSkipIsASkipNotAFailure() {
		WorkflowRunTally tally = WorkflowRunTally
			.of(List.of(ExecutionStatus.SUCCEEDED, ExecutionStatus.SKIPPED, ExecutionStatus.SUCCEEDED));

		assertThat(tally).isEqualTo(new WorkflowRunTally(2, 0, 1, 0));
		assertThat(tally.status(false)).isEqualTo("SUCCEEDED");
	}

	@Test
	void aFailureFailsTheRunAndWhatItStoppedIsSkipped() {
		WorkflowRunTally tally = WorkflowRunTally.of(List.of(ExecutionStatus.SUCCEEDED, ExecutionStatus.FAILED,
				ExecutionStatus.SKIPPED, ExecutionStatus.TIMED_OUT, ExecutionStatus.MISSED));

		assertThat(tally).isEqualTo(new WorkflowRunTally(1, 2, 2, 0));
		assertThat(tally.status(false)).isEqualTo("FAILED");
		assertThat(tally.status(true)).isEqualTo("RUNNING");
	}

	@Test
	void aCronStartedRunIsNotOverWhileNodesOfItsCycleHaveNotRun() {
		// 6 of 11 nodes succeeded, 5 still to fire or be released: not SUCCEEDED yet
		List<ExecutionStatus> six = java.util.Collections.nCopies(6, ExecutionStatus.SUCCEEDED);
		WorkflowRunTally early = WorkflowRunTally.of(six, 5);

		assertThat(early.over()).isFalse();
		assertThat(early.status(false)).isEqualTo("RUNNING");

		WorkflowRunTally waiting = WorkflowRunTally.of(List.of(ExecutionStatus.SUCCEEDED, ExecutionStatus.WAITING), 0);
		assertThat(waiting.status(false)).isEqualTo("RUNNING");

		WorkflowRunTally done = WorkflowRunTally.of(java.util.Collections.nCopies(11, ExecutionStatus.SUCCEEDED), 0);
		assertThat(done.status(false)).isEqualTo("SUCCEEDED");
	}

}
