package io.crony.agent.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MisfiresTest {

	private final Misfires misfires = new Misfires(null, null, "a", 3);

	private final Instant now = Instant.parse("2026-05-01T10:00:10.500Z");

	private final Instant last = Instant.parse("2026-05-01T10:00:03Z");

	@Test
	void fireNowRunsOnlyTheLatestMissedInstant() {
		assertThat(this.misfires.missedFires(job(MisfirePolicy.FIRE_NOW), this.last, this.now))
			.containsExactly(Instant.parse("2026-05-01T10:00:10Z"));
	}

	@Test
	void catchUpRunsTheMostRecentMissedInstantsUpToTheLimit() {
		assertThat(this.misfires.missedFires(job(MisfirePolicy.CATCH_UP), this.last, this.now)).containsExactly(
				Instant.parse("2026-05-01T10:00:08Z"), Instant.parse("2026-05-01T10:00:09Z"),
				Instant.parse("2026-05-01T10:00:10Z"));
	}

	@Test
	void catchUpCountsTheMissedInstantsBeyondItsBound() {
		Misfires.Missed missed = this.misfires.missed(job(MisfirePolicy.CATCH_UP), this.last, this.now);
		assertThat(missed.beyondBound()).isEqualTo(4);
		assertThat(missed.firstBeyond()).isEqualTo(Instant.parse("2026-05-01T10:00:04Z"));
		assertThat(missed.lastBeyond()).isEqualTo(Instant.parse("2026-05-01T10:00:07Z"));
	}

	@Test
	void fireNowLeavesNothingBeyondABound() {
		assertThat(this.misfires.missed(job(MisfirePolicy.FIRE_NOW), this.last, this.now).beyondBound()).isZero();
	}

	@Test
	void timeWhileTheJobWasDisabledIsNotMissed() {
		JobState job = job(MisfirePolicy.CATCH_UP);
		job.spec = job.spec.withEnabled(false, 2, this.last)
			.withEnabled(true, 3, Instant.parse("2026-05-01T10:00:08.200Z"));
		Misfires.Missed missed = this.misfires.missed(job, this.last, this.now);
		assertThat(missed.run()).containsExactly(Instant.parse("2026-05-01T10:00:09Z"),
				Instant.parse("2026-05-01T10:00:10Z"));
		assertThat(missed.beyondBound()).isZero();
	}

	@Test
	void skipRunsNothing() {
		assertThat(this.misfires.missedFires(job(MisfirePolicy.SKIP), this.last, this.now)).isEmpty();
	}

	@Test
	void aJobThatNeverRanMissedNothing() {
		assertThat(this.misfires.missedFires(job(MisfirePolicy.CATCH_UP), null, this.now)).isEmpty();
	}

	private static JobState job(MisfirePolicy policy) {
		JobSpec spec = new JobSpec(1, "j", null, "* * * * * ?", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, policy, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
	}

}
