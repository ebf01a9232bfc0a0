package io.crony.common.json;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;

import static org.assertj.core.api.Assertions.assertThat;

class CronyJsonTest {

	@Test
	void roundTripsAnAssignment() {
		JobSpec spec = new JobSpec(7, "settle-orders", "nightly", "0 0 1 * * ?", "Asia/Shanghai",
				new TargetSpec(TargetType.HTTP, "POST", "http://127.0.0.1:9000/settle", Map.of("X-Env", "prod"),
						"{\"day\":\"${scheduledAt}\"}", TargetMode.SYNC, null, List.of(200)),
				30, new RetryPolicy(3, 5), MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP,
				new AssignmentSpec(AssignmentStrategy.FEWEST_JOBS, Map.of("zone", "a")), true, 3);
		JobAssignment assignment = new JobAssignment(spec, 12, Instant.parse("2026-11-22T10:00:00Z"));

		String json = CronyJson.toJson(assignment);

		assertThat(json).contains("\"assignedAt\":\"2026-11-22T10:00:00Z\"");
		assertThat(CronyJson.fromJson(json, JobAssignment.class)).isEqualTo(assignment);
	}

	@Test
	void ignoresFieldsItDoesNotKnow() {
		RetryPolicy retry = CronyJson.fromJson("{\"maxAttempts\":2,\"backoffSeconds\":1,\"jitter\":true}",
				RetryPolicy.class);
		assertThat(retry).isEqualTo(new RetryPolicy(2, 1));
	}

}
