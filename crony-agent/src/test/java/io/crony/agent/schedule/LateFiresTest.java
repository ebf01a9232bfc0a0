package io.crony.agent.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LateFiresTest {

	private static final String EVERY_SECOND = "* * * * * ?";

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final LateFires lateFires = new LateFires(Duration.ofSeconds(5), new AgentMetrics(this.registry));

	private final Instant scheduled = Instant.parse("2026-05-01T10:00:00Z");

	@Test
	void aFireReachedWithinTheThresholdRunsAtItsInstant() {
		for (MisfirePolicy policy : MisfirePolicy.values()) {
			assertThat(decide(EVERY_SECOND, policy, "10:00:04.900"))
				.isEqualTo(new LateFires.Decision(Optional.of(this.scheduled), this.scheduled));
		}
		assertThat(misfires()).isZero();
	}

	@Test
	void skipRunsNoneOfTheInstantsPassedAndPlansAfterTheLast() {
		assertThat(decide(EVERY_SECOND, MisfirePolicy.SKIP, "10:00:07.500"))
			.isEqualTo(new LateFires.Decision(Optional.empty(), at("10:00:07")));
		assertThat(misfires()).isEqualTo(8);
	}

	@Test
	void fireNowRunsTheLatestInstantPassedOnce() {
		assertThat(decide(EVERY_SECOND, MisfirePolicy.FIRE_NOW, "10:00:07.500"))
			.isEqualTo(new LateFires.Decision(Optional.of(at("10:00:07")), at("10:00:07")));
		assertThat(misfires()).isEqualTo(7);
	}

	@Test
	void catchUpRunsEveryInstantLate() {
		assertThat(decide(EVERY_SECOND, MisfirePolicy.CATCH_UP, "10:00:07.500"))
			.isEqualTo(new LateFires.Decision(Optional.of(this.scheduled), this.scheduled));
		assertThat(misfires()).isZero();
	}

	@Test
	void aLateFireWithNoLaterInstantPassedIsSkippedOrRunAlone() {
		String everyMinute = "0 * * * * ?";
		assertThat(decide(everyMinute, MisfirePolicy.SKIP, "10:00:06"))
			.isEqualTo(new LateFires.Decision(Optional.empty(), this.scheduled));
		assertThat(decide(everyMinute, MisfirePolicy.FIRE_NOW, "10:00:06"))
			.isEqualTo(new LateFires.Decision(Optional.of(this.scheduled), this.scheduled));
		assertThat(misfires()).isEqualTo(1);
	}

	private LateFires.Decision decide(String schedule, MisfirePolicy policy, String now) {
		return this.lateFires.decide(job(schedule, policy), this.scheduled, at(now));
	}

	private double misfires() {
		return this.registry.get("crony.agent.misfires").counter().count();
	}

	private static Instant at(String time) {
		return Instant.parse("2026-05-01T" + time + "Z");
	}

	private static JobState job(String schedule, MisfirePolicy policy) {
		JobSpec spec = new JobSpec(1, "j", null, schedule, "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, policy, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
	}

}
