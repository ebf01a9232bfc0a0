package io.crony.web.workflow;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PairedGateTest {

	private static final Instant NINE = Instant.parse("2026-11-26T16:09:00Z");

	private static final Instant TEN = Instant.parse("2026-11-26T16:10:00Z");

	@Test
	void opensOnlyOnThePairedInstantsSuccessReleasedByTheLastToFinish() {
		UpstreamRun load = run(1, 1, ExecutionStatus.SUCCEEDED, NINE, "2026-11-26T16:09:20Z");
		UpstreamRun check = run(2, 2, ExecutionStatus.SUCCEEDED, NINE, "2026-11-26T16:09:30Z");

		PairedGate.Decision decision = PairedGate
			.decide(List.of(upstream("load", NINE, load), upstream("check", NINE, check)));

		assertThat(decision).isEqualTo(new PairedGate.Decision.Open(check));
	}

	@Test
	void aRunOfAnotherInstantNeitherOpensNorStops() {
		// the next minute's success and an older failure are not the paired run
		UpstreamRun running = run(3, 1, ExecutionStatus.RUNNING, NINE, null);
		PairedGate.Upstream load = new PairedGate.Upstream("load", true, List.of(NINE),
				Map.of(NINE, running, TEN, run(4, 1, ExecutionStatus.SUCCEEDED, TEN, "2026-11-26T16:10:05Z")));

		assertThat(PairedGate.decide(List.of(load)))
			.isEqualTo(new PairedGate.Decision.Waiting(List.of("load at " + NINE)));
	}

	@Test
	void aPairedFailureStopsNamingIt() {
		UpstreamRun failed = run(5, 1, ExecutionStatus.FAILED, NINE, "2026-11-26T16:09:10Z");

		PairedGate.Decision decision = PairedGate.decide(List.of(upstream("load", NINE, failed)));

		assertThat(decision).isInstanceOf(PairedGate.Decision.Stopped.class);
		PairedGate.Decision.Stopped stopped = (PairedGate.Decision.Stopped) decision;
		assertThat(stopped.why()).isEqualTo(PairedGate.Why.UPSTREAM_FAILED);
		assertThat(stopped.reason().text())
			.isEqualTo("not run: upstream job load ended FAILED (execution 5, its run at 2026-11-26T16:09:00Z)");
		// a reader of Chinese gets the note in Chinese, the status as a word
		assertThat(stopped.reason().text("zh-CN")).isEqualTo("未执行：上游任务 load 以 失败 结束（执行 5，其 2026-11-26T16:09:00Z 的运行）");
	}

	@Test
	void aPairedSkipOrMissStopsAsUpstreamSkipped() {
		for (ExecutionStatus status : List.of(ExecutionStatus.SKIPPED, ExecutionStatus.MISSED,
				ExecutionStatus.CANCELLED)) {
			PairedGate.Decision decision = PairedGate
				.decide(List.of(upstream("load", NINE, run(6, 1, status, NINE, "2026-11-26T16:09:10Z"))));
			assertThat(((PairedGate.Decision.Stopped) decision).why()).isEqualTo(PairedGate.Why.UPSTREAM_SKIPPED);
		}
	}

	@Test
	void aDisabledDependencyWithoutItsRunStopsButItsRunStillCounts() {
		PairedGate.Upstream disabled = new PairedGate.Upstream("load", false, List.of(NINE), Map.of());
		PairedGate.Decision.Stopped stopped = (PairedGate.Decision.Stopped) PairedGate.decide(List.of(disabled));
		assertThat(stopped.why()).isEqualTo(PairedGate.Why.DEPENDENCY_DISABLED);
		assertThat(stopped.reason().text())
			.isEqualTo("not run: dependency disabled: upstream job load is disabled and has no run at " + NINE);

		UpstreamRun ran = run(7, 1, ExecutionStatus.SUCCEEDED, NINE, "2026-11-26T16:09:10Z");
		assertThat(PairedGate.decide(List.of(new PairedGate.Upstream("load", false, List.of(NINE), Map.of(NINE, ran)))))
			.isEqualTo(new PairedGate.Decision.Open(ran));
	}

	@Test
	void aPairedInstantWithoutARunStopsOnceItsJobRanALaterInstant() {
		PairedGate.Upstream waiting = new PairedGate.Upstream("load", true, List.of(NINE), Map.of(), NINE);
		assertThat(PairedGate.decide(List.of(waiting)))
			.isEqualTo(new PairedGate.Decision.Waiting(List.of("load at " + NINE)));

		PairedGate.Upstream movedOn = new PairedGate.Upstream("load", true, List.of(NINE), Map.of(), TEN);
		PairedGate.Decision.Stopped stopped = (PairedGate.Decision.Stopped) PairedGate.decide(List.of(movedOn));
		assertThat(stopped.why()).isEqualTo(PairedGate.Why.NO_RUN);
		assertThat(stopped.reason().text()).isEqualTo(
				"not run: upstream skipped: upstream job load has no run at " + NINE + " and has run later instants");
	}

	@Test
	void everyInstantOfAFinerUpstreamMustSucceed() {
		UpstreamRun nine = run(8, 1, ExecutionStatus.SUCCEEDED, NINE, "2026-11-26T16:09:10Z");
		PairedGate.Upstream load = new PairedGate.Upstream("load", true, List.of(NINE, TEN), Map.of(NINE, nine));

		assertThat(PairedGate.decide(List.of(load)))
			.isEqualTo(new PairedGate.Decision.Waiting(List.of("load at " + TEN)));
	}

	private static PairedGate.Upstream upstream(String name, Instant instant, UpstreamRun run) {
		return new PairedGate.Upstream(name, true, List.of(instant), Map.of(instant, run));
	}

	static UpstreamRun run(long id, long jobId, ExecutionStatus status, Instant scheduledAt, String finishedAt) {
		return new UpstreamRun(id, jobId, status, scheduledAt, (finishedAt != null) ? Instant.parse(finishedAt) : null,
				null, null);
	}

}
