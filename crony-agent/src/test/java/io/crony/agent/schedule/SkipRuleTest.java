package io.crony.agent.schedule;

import java.time.Instant;

import io.crony.common.execution.TriggerType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkipRuleTest {

	private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

	private final JobState job = TestJobs.everySecond();

	@Test
	void anOnTimeFireIsSkippedBehindAnOnTimeRunStillGoingAtItsInstant() {
		running(fire(T, TriggerType.CRON), T.toEpochMilli());
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isFalse();
	}

	@Test
	void anOnTimeFireWaitsBehindAFireHandedOverFromAnotherAgent() {
		Fire handedOver = fire(T, TriggerType.CRON).handedOver(7);
		running(handedOver, T.toEpochMilli() + 900);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isTrue();
	}

	@Test
	void anOnTimeFireWaitsBehindARunThatBeganAfterItsInstant() {
		// both were dispatched together after a pause (the database claim was slow)
		running(fire(T, TriggerType.CRON), T.toEpochMilli() + 1005);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isTrue();
	}

	@Test
	void anOnTimeFireWaitsBehindARunThatBeganMoreThanHalfwayToItsInstant() {
		// its claim waited on a restarting database and came back 962 ms late: the run
		// had 38 ms of its second when the next fire came due
		running(fire(T, TriggerType.CRON), T.toEpochMilli() + 962);
		Fire fire = fire(T.plusSeconds(1), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, fire)).isTrue();
		assertThat(SkipRule.waitsBehindLate(this.job, fire)).as("passes nothing on").isFalse();
	}

	@Test
	void anOnTimeFireIsSkippedBehindARunThatBeganLessThanHalfwayToItsInstant() {
		// the run had more than half its period: still going, the job is slower than its
		// schedule
		running(fire(T, TriggerType.CRON), T.toEpochMilli() + 400);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isFalse();
	}

	@Test
	void aRunThatWaitedBehindTheJobsPreviousOneIsTheJobsOwnLateness() {
		// the same late start as above, but it waited in the queue: a job slower than its
		// schedule skips instead of queueing on
		runningAfterWaiting(fire(T, TriggerType.CRON), T.toEpochMilli() + 962);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isFalse();
	}

	@Test
	void catchUpFiresAllWaitAndOnTimeFiresWaitBehindThem() {
		running(fire(T.minusSeconds(60), TriggerType.MISFIRE), T.toEpochMilli());
		for (int i = 1; i <= 5; i++) {
			Fire catchUp = fire(T.minusSeconds(60 - i), TriggerType.MISFIRE);
			assertThat(SkipRule.waits(this.job, catchUp)).isTrue();
			this.job.queue(catchUp);
		}
		Fire onTime = fire(T.plusSeconds(1), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, onTime)).isTrue();
		this.job.queue(onTime);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).isTrue();
	}

	@Test
	void onTimeFiresKeepWaitingWhileTheLastCatchUpFireRuns() {
		running(fire(T.minusSeconds(1), TriggerType.MISFIRE), T.toEpochMilli());
		this.job.queue(fire(T.plusSeconds(1), TriggerType.CRON));
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).isTrue();
	}

	@Test
	void anOnTimeFireThatWaitedBehindACatchUpKeepsTheNextOneWaitingAfterTheCatchUpIsOver() {
		Fire lastCatchUp = fire(T.minusSeconds(30), TriggerType.MISFIRE);
		running(lastCatchUp, T.toEpochMilli());
		Fire onTime = fire(T.plusSeconds(1), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, onTime)).isTrue();
		assertThat(SkipRule.waitsBehindLate(this.job, onTime)).isTrue();
		Fire waited = onTime.waitingBehindLate();
		// the catch-up ended a moment before the next instant; the fire that waited now
		// runs, and is still going when the next one is due
		this.job.running.clear();
		running(waited, T.toEpochMilli() + 1950);
		Fire next = fire(T.plusSeconds(2), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, next)).isTrue();
		assertThat(SkipRule.waitsBehindLate(this.job, next)).as("passed on once only").isFalse();
	}

	@Test
	void aFireThatWaitedBehindAWaitingFireIsAnOrdinaryRunAgain() {
		// waited behind a fire that had waited behind a catch-up: a job slower than its
		// schedule skips again
		runningAfterWaiting(fire(T.plusSeconds(2), TriggerType.CRON), T.toEpochMilli() + 2600);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(3), TriggerType.CRON))).isFalse();
	}

	@Test
	void aFireWaitingBehindARunThatBeganAfterItsInstantPassesNothingOn() {
		running(fire(T, TriggerType.CRON), T.toEpochMilli() + 1005);
		Fire fire = fire(T.plusSeconds(1), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, fire)).isTrue();
		assertThat(SkipRule.waitsBehindLate(this.job, fire)).isFalse();
	}

	@Test
	void lateFiresAreNeverMarkedAsHavingWaitedBehindLateOnes() {
		running(fire(T.minusSeconds(60), TriggerType.MISFIRE), T.toEpochMilli());
		assertThat(SkipRule.waitsBehindLate(this.job, fire(T.minusSeconds(59), TriggerType.MISFIRE))).isFalse();
	}

	@Test
	void aJobBehindOnItsOwnRunsStillSkips() {
		// an on-time fire that started late but waited behind nothing late, and one
		// waiting behind it: the next on-time fire finds a run that began before it
		runningAfterWaiting(fire(T.plusSeconds(1), TriggerType.CRON), T.toEpochMilli() + 1500);
		this.job.queue(fire(T.plusSeconds(2), TriggerType.CRON));
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(3), TriggerType.CRON))).isFalse();
	}

	private void running(Fire fire, long startedAtMillis) {
		this.job.running.add(new Run(fire, this.job.spec, startedAtMillis));
	}

	private void runningAfterWaiting(Fire fire, long startedAtMillis) {
		this.job.running.add(new Run(fire, this.job.spec, startedAtMillis, true));
	}

	private Fire fire(Instant at, TriggerType trigger) {
		return (trigger == TriggerType.MISFIRE) ? Fire.catchUp(this.job, 0, at, at.toEpochMilli())
				: Fire.scheduled(this.job, 0, at, at.toEpochMilli());
	}

}
