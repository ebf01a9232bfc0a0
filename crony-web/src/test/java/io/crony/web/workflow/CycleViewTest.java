package io.crony.web.workflow;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleViewTest {

	@Test
	void aJobThatDoesNotWaitHasNoReasonToWait() {
		// a node re-run alone: nothing waits, though its upstreams have not succeeded
		assertThat(WorkflowQueries.Cycle.reasonToWait(false, List.of("load (FAILED)"))).isNull();
	}

	@Test
	void aWaitingJobNamesWhatItWaitsFor() {
		assertThat(WorkflowQueries.Cycle.reasonToWait(true, List.of("load (RUNNING)", "check (no run yet)")))
			.isEqualTo("waiting for load (RUNNING), check (no run yet)");
		assertThat(WorkflowQueries.Cycle.reasonToWait(true, List.of())).isNull();
	}

}
