package io.crony.web.workflow;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleNodesTest {

	// load (every minute at :00) → check (at :40) → report (no schedule) → close (daily
	// 06:00); notify (at :40) depends on load and check
	private static final DepartmentGraph GRAPH = new DepartmentGraph(
			Map.of(2L, List.of(1L), 3L, List.of(2L), 4L, List.of(3L), 5L, List.of(1L, 2L)),
			Map.of(1L, "load", 2L, "check", 3L, "report", 4L, "close", 5L, "notify"));

	private static final Map<Long, Optional<Schedule>> SCHEDULES = Map.of(1L, utc("0 * * * * ?"), 2L,
			utc("40 * * * * ?"), 3L, Optional.empty(), 4L, utc("0 0 6 * * ?"), 5L, utc("45 * * * * ?"));

	@Test
	void eachJobBelowHasTheInstantItsPairingGivesTheRootsInstant() {
		Map<Long, Instant> below = CycleNodes.below(GRAPH, 1L, at("2026-11-26T16:12:00Z"), SCHEDULES);

		assertThat(below).containsOnly(Map.entry(2L, at("2026-11-26T16:12:40Z")),
				Map.entry(3L, at("2026-11-26T16:12:40Z")), Map.entry(4L, at("2026-11-27T06:00:00Z")),
				Map.entry(5L, at("2026-11-26T16:12:45Z")));
	}

	@Test
	void theCycleOfAJobInTheMiddleHoldsOnlyWhatIsBelowIt() {
		Map<Long, Instant> below = CycleNodes.below(GRAPH, 3L, at("2026-11-26T16:12:40Z"), SCHEDULES);

		assertThat(below).containsOnly(Map.entry(4L, at("2026-11-27T06:00:00Z")));
		assertThat(CycleNodes.below(GRAPH, 4L, at("2026-11-27T06:00:00Z"), SCHEDULES)).isEmpty();
	}

	@Test
	void anInstantOnTheDownstreamsScheduleIsItsOwn() {
		// the same cron: the same instant
		Map<Long, Optional<Schedule>> daily = Map.of(1L, utc("0 0 6 * * ?"), 2L, utc("0 0 6 * * ?"));
		DepartmentGraph pair = new DepartmentGraph(Map.of(2L, List.of(1L)), Map.of(1L, "a", 2L, "b"));

		assertThat(CycleNodes.below(pair, 1L, at("2026-11-26T06:00:00Z"), daily))
			.containsOnly(Map.entry(2L, at("2026-11-26T06:00:00Z")));
	}

	private static Optional<Schedule> utc(String cron) {
		return Optional.of(Schedules.parse(cron, ZoneId.of("UTC")));
	}

	private static Instant at(String instant) {
		return Instant.parse(instant);
	}

}
