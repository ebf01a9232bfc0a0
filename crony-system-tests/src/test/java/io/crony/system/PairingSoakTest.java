package io.crony.system;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The soak's check finds each kind of mispairing in a target's calls: without this, a
 * check that passed every time would prove nothing.
 */
class PairingSoakTest {

	private static final PairingSoak.Job TEN = new PairingSoak.Job("z-ten", 10, 0, List.of());

	private static final PairingSoak.Job TWENTY = new PairingSoak.Job("z-twenty", 20, 5, List.of(TEN));

	private static final List<PairingSoak.Job> JOBS = List.of(TEN, TWENTY);

	private static final Instant END = Instant.parse("2026-11-29T11:00:25Z");

	@Test
	void findsNothingWrongInCallsThatFollowTheRule() {
		PairingSoak.Verdict verdict = PairingSoak.check(JOBS,
				List.of(ten("11:00:10"), ten("11:00:20"), twenty("11:00:25", "11:00:20")), "/out/", END);

		assertThat(verdict.mispairings()).isEmpty();
		assertThat(verdict.calls()).isEqualTo(3);
		assertThat(verdict.pairsChecked()).isEqualTo(2);
	}

	@Test
	void findsACallThatReadAnotherRunACallBeforeItsUpstreamAndACallTwice() {
		PairingSoak.Verdict verdict = PairingSoak.check(JOBS, List.of(ten("11:00:10"), twenty("11:00:25", "11:00:10"),
				ten("11:00:20"), twenty("11:00:25", "11:00:20")), "/out/", END);

		assertThat(verdict.mispairings())
			.anyMatch((m) -> m.contains("read the outputs of z-ten at 2026-11-29T11:00:10Z"))
			.anyMatch((m) -> m.contains("called before z-ten at 2026-11-29T11:00:20Z"))
			.anyMatch((m) -> m.contains("z-twenty called twice for 2026-11-29T11:00:25Z"));
	}

	@Test
	void findsAFireNeverCalled() {
		PairingSoak.Verdict verdict = PairingSoak.check(JOBS,
				List.of(ten("11:00:00"), ten("11:00:20"), twenty("11:00:25", "11:00:20")), "/out/", END);

		assertThat(verdict.mispairings()).contains("z-ten not called for 2026-11-29T11:00:10Z")
			.anyMatch((m) -> m.contains("called before z-ten at 2026-11-29T11:00:10Z"));
	}

	private static String ten(String time) {
		return "/out/z-ten 2026-11-29 " + time;
	}

	private static String twenty(String time, String read) {
		return "/out/z-twenty 2026-11-29 " + time + "|2026-11-29T" + read + "Z";
	}

}
