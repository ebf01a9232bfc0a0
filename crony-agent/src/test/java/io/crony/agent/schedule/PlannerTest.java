package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.job.MisfirePolicy;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The first stage: which fires are due for a claim, and each job's next fire. */
class PlannerTest {

	// far ahead, so a planned fire is woken at once
	private static final long CLAIM_AHEAD_MILLIS = 60_000;

	private final Planner planner = new Planner(
			new LateFires(Duration.ofSeconds(5), new AgentMetrics(new SimpleMeterRegistry())), Clock.systemUTC(),
			CLAIM_AHEAD_MILLIS);

	@Test
	void aPlannedFireWakesClaimAheadOfItsInstantAndPlansTheJobsNextOne() throws InterruptedException {
		JobState job = job(MisfirePolicy.SKIP);
		Instant now = Instant.now();
		this.planner.planNext(job, job.generation, now);

		Fire first = this.planner.awaitWoken(1000);
		assertThat(first.wakeAtMillis).isEqualTo(first.scheduledAt.toEpochMilli() - CLAIM_AHEAD_MILLIS);
		List<Fire> toClaim = this.planner.toClaim(first, 100);

		assertThat(toClaim).containsExactly(first);
		assertThat(first.kind).isEqualTo(FireKind.SCHEDULED);
		Fire next = this.planner.awaitWoken(1000);
		assertThat(next.scheduledAt).isEqualTo(first.scheduledAt.plusSeconds(1));
	}

	@Test
	void aFireOfAnEarlierScheduleIsDroppedAndPlansNothing() throws InterruptedException {
		JobState job = job(MisfirePolicy.SKIP);
		this.planner.planNext(job, job.generation, Instant.now());
		job.generation++;

		assertThat(this.planner.toClaim(this.planner.awaitWoken(1000), 100)).isEmpty();
		assertThat(this.planner.awaitWoken(0)).isNull();
	}

	@Test
	void aFireReachedLateRunsAsItsJobsMisfirePolicySays() throws InterruptedException {
		Instant tenSecondsAgo = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(10);
		JobState skip = job(MisfirePolicy.SKIP);
		JobState fireNow = job(MisfirePolicy.FIRE_NOW);
		this.planner.add(Fire.scheduled(skip, 0, tenSecondsAgo, 0));
		this.planner.add(Fire.scheduled(fireNow, 0, tenSecondsAgo, 0));

		List<Fire> toClaim = this.planner.toClaim(this.planner.awaitWoken(1000), 100);

		// SKIP runs none of the missed instants, FIRE_NOW the latest of them once
		assertThat(toClaim).singleElement().satisfies((fire) -> {
			assertThat(fire.job).isSameAs(fireNow);
			assertThat(fire.scheduledAt).isAfter(tenSecondsAgo.plusSeconds(5));
		});
	}

	@Test
	void catchUpFiresAreClaimedAsTheyAreHoweverLate() throws InterruptedException {
		JobState job = job(MisfirePolicy.SKIP);
		Fire catchUp = Fire.catchUp(job, 0, Instant.now().minusSeconds(600), 0);
		this.planner.add(catchUp);

		assertThat(this.planner.toClaim(this.planner.awaitWoken(1000), 100)).containsExactly(catchUp);
	}

	private static JobState job(MisfirePolicy misfire) {
		var spec = TestJobs.spec(1, "* * * * * ?", misfire);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
	}

}
