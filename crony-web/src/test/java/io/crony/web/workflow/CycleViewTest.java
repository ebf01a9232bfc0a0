package io.crony.web.workflow;

import java.util.List;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleViewTest {

	private static final WorkflowQueries.Cycle.Upstream LOAD = new WorkflowQueries.Cycle.Upstream(1, "load", "RUNNING",
			10L, null, false);

	private static final WorkflowQueries.Cycle.Upstream CHECK = new WorkflowQueries.Cycle.Upstream(2, "check", "NONE",
			null, null, false);

	private static final WorkflowQueries.Cycle.Upstream SOURCE = new WorkflowQueries.Cycle.Upstream(3, "source",
			"SUCCEEDED", 11L, null, true);

	@Test
	void aJobThatDoesNotWaitHasNoReasonToWait() {
		// a node re-run alone: nothing waits, though its upstreams have not succeeded
		WorkflowQueries.Cycle cycle = WorkflowQueries.Cycle.of(7, null, false, List.of(LOAD, SOURCE));
		assertThat(cycle.reason()).isNull();
		assertThat(cycle.reasons()).isEmpty();
	}

	@Test
	void aWaitingJobNamesWhatItWaitsFor() {
		WorkflowQueries.Cycle cycle = WorkflowQueries.Cycle.of(7, null, true, List.of(LOAD, SOURCE, CHECK));
		assertThat(cycle.reason()).isEqualTo("waiting for load (RUNNING), check (no run yet)");
		// the same as a code, the upstreams' names its value (their statuses are in
		// upstreams), so a reader of another language gets it in theirs
		assertThat(cycle.reasons()).containsExactly(Reason.of(ReasonCode.WAITING_FOR_UPSTREAMS, "load, check"));
		assertThat(cycle.reasons().get(0).text("zh-CN")).isEqualTo("等待上游任务成功：load, check");
		assertThat(WorkflowQueries.Cycle.of(7, null, true, List.of(SOURCE)).reason()).isNull();
	}

}
