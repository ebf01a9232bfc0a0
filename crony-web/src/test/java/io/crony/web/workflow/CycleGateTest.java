package io.crony.web.workflow;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleGateTest {

	private static final Map<Long, String> NAMES = Map.of(1L, "report", 2L, "notify");

	@Test
	void opensWhenEveryUpstreamSucceededReleasedByTheLastToFinish() {
		UpstreamRun report = run(11, 1, ExecutionStatus.SUCCEEDED, "2026-11-26T03:00:00Z");
		UpstreamRun notify = run(12, 2, ExecutionStatus.SUCCEEDED, "2026-11-26T03:05:00Z");

		CycleGate.Decision decision = CycleGate.decide(List.of(1L, 2L), Map.of(1L, report, 2L, notify), Map.of(),
				NAMES::get);

		assertThat(decision).isEqualTo(new CycleGate.Decision.Open(notify));
	}

	@Test
	void waitsNamingTheUpstreamsThatHaveNotSucceeded() {
		UpstreamRun report = run(11, 1, ExecutionStatus.SUCCEEDED, "2026-11-26T03:00:00Z");

		CycleGate.Decision decision = CycleGate.decide(List.of(1L, 2L), Map.of(1L, report), Map.of(), NAMES::get);

		assertThat(decision).isEqualTo(new CycleGate.Decision.Waiting(List.of("notify")));
	}

	@Test
	void stopsWhenAnUpstreamFailedWithoutSucceedingSince() {
		UpstreamRun failed = run(12, 2, ExecutionStatus.TIMED_OUT, "2026-11-26T03:05:00Z");

		CycleGate.Decision decision = CycleGate.decide(List.of(1L, 2L), Map.of(), Map.of(2L, failed), NAMES::get);

		assertThat(decision).isEqualTo(new CycleGate.Decision.Stopped(failed, "notify"));
	}

	@Test
	void aFailureFollowedByASuccessInTheCycleCountsAsSuccess() {
		UpstreamRun failed = run(12, 2, ExecutionStatus.FAILED, "2026-11-26T03:05:00Z");
		UpstreamRun retried = run(13, 2, ExecutionStatus.SUCCEEDED, "2026-11-26T03:20:00Z");
		UpstreamRun report = run(11, 1, ExecutionStatus.SUCCEEDED, "2026-11-26T03:00:00Z");

		CycleGate.Decision decision = CycleGate.decide(List.of(1L, 2L), Map.of(1L, report, 2L, retried),
				Map.of(2L, failed), NAMES::get);

		assertThat(decision).isEqualTo(new CycleGate.Decision.Open(retried));
	}

	private static UpstreamRun run(long id, long job, ExecutionStatus status, String finished) {
		Instant at = Instant.parse(finished);
		return new UpstreamRun(id, job, status, at.minusSeconds(60), at, null, null);
	}

}
