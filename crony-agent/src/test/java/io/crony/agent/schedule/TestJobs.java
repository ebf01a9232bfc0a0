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
		JobSpec spec = new JobSpec(1, "j", null, "* * * * * ?", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC")));
	}

}
