package io.crony.common.workflow;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LogicalPairingTest {

	@Test
	void theSamePeriodPairsWithTheUpstreamInstantOfTheSameInterval() {
		// every minute at :40 gated on every minute at :00: the same minute's run
		assertThat(LogicalPairing.upstreamInstants(utc("40 * * * * ?"), at("2026-11-26T16:09:40Z"), utc("0 * * * * ?")))
			.containsExactly(at("2026-11-26T16:09:00Z"));
		// at :05 gated on :30: the previous minute's :30 is the one in (16:15:05,
		// 16:16:05]
		assertThat(LogicalPairing.upstreamInstants(utc("5 * * * * ?"), at("2026-11-26T16:16:05Z"), utc("30 * * * * ?")))
			.containsExactly(at("2026-11-26T16:15:30Z"));
		// the same cron: the same instant
		assertThat(LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"), utc("0 0 6 * * ?")))
			.containsExactly(at("2026-11-26T06:00:00Z"));
	}

	/**
	 * The schedules of WorkflowIT's pairing soak (crony-system-tests' PairingSoak checks
	 * a target's calls with this class): a finer, a mixed and a coarser upstream.
	 */
	@Test
	void theSoakSchedulesPairAsTheWorkflowSoakExpects() {
		Schedule ten = utc("0/10 * * * * ?");
		Schedule twenty = utc("5/20 * * * * ?");
		Schedule thirty = utc("7/30 * * * * ?");
		Schedule coarse = utc("2/10 * * * * ?");
		assertThat(LogicalPairing.upstreamInstants(twenty, at("2026-11-26T16:09:25Z"), ten))
			.containsExactly(at("2026-11-26T16:09:10Z"), at("2026-11-26T16:09:20Z"));
		assertThat(LogicalPairing.upstreamInstants(thirty, at("2026-11-26T16:09:07Z"), ten))
			.containsExactly(at("2026-11-26T16:08:40Z"), at("2026-11-26T16:08:50Z"), at("2026-11-26T16:09:00Z"));
		assertThat(LogicalPairing.upstreamInstants(thirty, at("2026-11-26T16:09:07Z"), twenty))
			.containsExactly(at("2026-11-26T16:08:45Z"), at("2026-11-26T16:09:05Z"));
		assertThat(LogicalPairing.upstreamInstants(thirty, at("2026-11-26T16:09:37Z"), twenty))
			.containsExactly(at("2026-11-26T16:09:25Z"));
		// the coarser upstream: inside the interval, else its latest before
		assertThat(LogicalPairing.upstreamInstants(coarse, at("2026-11-26T16:09:12Z"), twenty))
			.containsExactly(at("2026-11-26T16:09:05Z"));
		assertThat(LogicalPairing.upstreamInstants(coarse, at("2026-11-26T16:09:22Z"), twenty))
			.containsExactly(at("2026-11-26T16:09:05Z"));
		assertThat(LogicalPairing.upstreamInstants(coarse, at("2026-11-26T16:09:02Z"), twenty))
			.containsExactly(at("2026-11-26T16:08:45Z"));
	}

	@Test
	void aFinerUpstreamPairsWithEveryInstantOfTheInterval() {
		List<Instant> instants = LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"),
				utc("0 0 * * * ?"));

		assertThat(instants).hasSize(24);
		assertThat(instants.get(0)).isEqualTo(at("2026-11-25T07:00:00Z"));
		assertThat(instants.get(23)).isEqualTo(at("2026-11-26T06:00:00Z"));
	}

	@Test
	void aCoarserUpstreamPairsWithItsLatestInstantAtOrBefore() {
		// hourly at :30 fed by a daily load at 02:00
		assertThat(LogicalPairing.upstreamInstants(utc("0 30 * * * ?"), at("2026-11-26T05:30:00Z"), utc("0 0 2 * * ?")))
			.containsExactly(at("2026-11-26T02:00:00Z"));
		assertThat(LogicalPairing.upstreamInstants(utc("0 30 * * * ?"), at("2026-11-26T01:30:00Z"), utc("0 0 2 * * ?")))
			.containsExactly(at("2026-11-25T02:00:00Z"));
		// the interval holding the load's instant pairs with it, as any other
		assertThat(LogicalPairing.upstreamInstants(utc("0 30 * * * ?"), at("2026-11-26T02:30:00Z"), utc("0 0 2 * * ?")))
			.containsExactly(at("2026-11-26T02:00:00Z"));
	}

	@Test
	void anOffsetMovesTheIntervalBack() {
		// "yesterday's run of the upstream"
		assertThat(LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"), utc("0 0 6 * * ?"),
				Duration.ofDays(1)))
			.containsExactly(at("2026-11-25T06:00:00Z"));
		// the previous hour's loads of a daily report
		List<Instant> hours = LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"),
				utc("0 0 * * * ?"), Duration.ofHours(1));
		assertThat(hours).hasSize(24);
		assertThat(hours.get(23)).isEqualTo(at("2026-11-26T05:00:00Z"));
	}

	@Test
	void theZoneOfEachScheduleCounts() {
		// a daily 06:00 Shanghai report fed by a daily 23:00 UTC load: the load of
		// 2026-11-24T23:00Z falls in its day (2026-11-24T22:00Z, 2026-11-25T22:00Z]
		Schedule report = Schedules.parse("0 0 6 * * ?", ZoneId.of("Asia/Shanghai"));
		assertThat(LogicalPairing.upstreamInstants(report, at("2026-11-25T22:00:00Z"), utc("0 0 23 * * ?")))
			.containsExactly(at("2026-11-24T23:00:00Z"));
	}

	@Test
	void aVeryFineUpstreamPairsWithItsLatestInstantsOnly() {
		List<Instant> instants = LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"),
				utc("* * * * * ?"));

		assertThat(instants).hasSize(LogicalPairing.MAX_INSTANTS);
		assertThat(instants.get(instants.size() - 1)).isEqualTo(at("2026-11-26T06:00:00Z"));
	}

	@Test
	void anUpstreamThatNeverFiredBeforePairsWithNothing() {
		assertThat(LogicalPairing.upstreamInstants(utc("0 0 6 * * ?"), at("2026-11-26T06:00:00Z"),
				utc("@at 2026-12-01T00:00:00")))
			.isEmpty();
	}

	private static Schedule utc(String expression) {
		return Schedules.parse(expression, ZoneId.of("UTC"));
	}

	private static Instant at(String instant) {
		return Instant.parse(instant);
	}

}
