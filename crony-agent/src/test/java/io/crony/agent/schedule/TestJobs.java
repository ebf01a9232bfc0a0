package io.crony.agent.schedule;

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

/** Jobs the engine's parts are tried with, without an engine around them. */
final class TestJobs {

	private TestJobs() {
	}

	/** An every-second HTTP job, FIRE_NOW on misfire, SKIP on overlap. */
	static JobState everySecond() {
		JobSpec spec = spec(1, "* * * * * ?", MisfirePolicy.FIRE_NOW);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
	}

	/** An HTTP job with this schedule and misfire policy, SKIP on overlap. */
	static JobSpec spec(long id, String schedule, MisfirePolicy misfire) {
		return new JobSpec(id, "j" + id, null, schedule, "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, misfire, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
	}

}
