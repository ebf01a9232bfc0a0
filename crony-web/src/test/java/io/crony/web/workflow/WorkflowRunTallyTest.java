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

		assertThat(tally).isEqualTo(new WorkflowRunTally(2, 0, 1));
		assertThat(tally.status(false)).isEqualTo("SUCCEEDED");
	}

	@Test
	void aFailureFailsTheRunAndWhatItStoppedIsSkipped() {
		WorkflowRunTally tally = WorkflowRunTally.of(List.of(ExecutionStatus.SUCCEEDED, ExecutionStatus.FAILED,
				ExecutionStatus.SKIPPED, ExecutionStatus.TIMED_OUT, ExecutionStatus.MISSED));

		assertThat(tally).isEqualTo(new WorkflowRunTally(1, 2, 2));
		assertThat(tally.status(false)).isEqualTo("FAILED");
		assertThat(tally.status(true)).isEqualTo("RUNNING");
	}

}
