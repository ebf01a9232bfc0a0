package io.crony.agent.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkipRuleTest {

	private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

	private final JobState job = job();

	@Test
	void anOnTimeFireIsSkippedBehindAnOnTimeRunStillGoingAtItsInstant() {
		running(fire(T, TriggerType.CRON), T.toEpochMilli());
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(1), TriggerType.CRON))).isFalse();
	}

	@Test
	void anOnTimeFireWaitsBehindAFireHandedOverFromAnotherAgent() {
		Fire handedOver = fire(T, TriggerType.CRON);
		handedOver.handedOver = true;
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
	void catchUpFiresAllWaitAndOnTimeFiresWaitBehindThem() {
		running(fire(T.minusSeconds(60), TriggerType.MISFIRE), T.toEpochMilli());
		for (int i = 1; i <= 5; i++) {
			Fire catchUp = fire(T.minusSeconds(60 - i), TriggerType.MISFIRE);
			assertThat(SkipRule.waits(this.job, catchUp)).isTrue();
			this.job.queued.add(catchUp);
		}
		Fire onTime = fire(T.plusSeconds(1), TriggerType.CRON);
		assertThat(SkipRule.waits(this.job, onTime)).isTrue();
		this.job.queued.add(onTime);
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).isTrue();
	}

	@Test
	void onTimeFiresKeepWaitingWhileTheLastCatchUpFireRuns() {
		running(fire(T.minusSeconds(1), TriggerType.MISFIRE), T.toEpochMilli());
		this.job.queued.add(fire(T.plusSeconds(1), TriggerType.CRON));
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).isTrue();
	}

	@Test
	void anOnTimeFireThatWaitedAndRunsAmidACatchUpKeepsTheNextOneWaiting() {
		Fire waited = fire(T.plusSeconds(1), TriggerType.CRON);
		waited.waitedBehindLate = true;
		running(waited, T.toEpochMilli() + 1800);
		this.job.queued.add(fire(T.minusSeconds(30), TriggerType.MISFIRE));
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).isTrue();
		this.job.queued.clear();
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(2), TriggerType.CRON))).as("catch-up over").isFalse();
	}

	@Test
	void aJobBehindOnItsOwnRunsStillSkips() {
		// an on-time fire waits behind a late run; once no late fire is ahead, the next
		// on-time fire finds an on-time one waiting and a run that began before it:
		// skipped
		running(fire(T.plusSeconds(1), TriggerType.CRON), T.toEpochMilli() + 1500);
		this.job.queued.add(fire(T.plusSeconds(2), TriggerType.CRON));
		assertThat(SkipRule.waits(this.job, fire(T.plusSeconds(3), TriggerType.CRON))).isFalse();
	}

	private void running(Fire fire, long startedAtMillis) {
		this.job.running.add(new Run(fire, this.job.spec, startedAtMillis));
	}

	private Fire fire(Instant at, TriggerType trigger) {
		return new Fire(this.job, 0, at, trigger, null, at.toEpochMilli());
	}

	private static JobState job() {
		JobSpec spec = new JobSpec(1, "j", null, "* * * * * ?", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC")));
	}

}
