package io.crony.common.json;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.crony.common.job.AlertPolicy;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.InstanceChoice;
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
	void roundTripsAMovesFormerHolderAndReadsAnAssignmentWrittenBeforeItAsNoMove() {
		JobSpec spec = new JobSpec(7, "settle-orders", null, "@every 5s", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://127.0.0.1:9000/x", null, null, null, null, null), 30,
				RetryPolicy.NONE, MisfirePolicy.CATCH_UP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
		JobAssignment moved = new JobAssignment(spec, 12, Instant.parse("2026-11-22T10:00:00Z"), "agent-b");

		String json = CronyJson.toJson(moved);

		assertThat(json).contains("\"formerHolder\":\"agent-b\"");
		assertThat(CronyJson.fromJson(json, JobAssignment.class)).isEqualTo(moved);
		// a web of before the field (rolling upgrade, agents first): no former holder
		JobAssignment older = CronyJson.fromJson(CronyJson.toJson(new JobAssignment(spec, 12, moved.assignedAt())),
				JobAssignment.class);
		assertThat(older.formerHolder()).isNull();
		assertThat(CronyJson.toJson(older)).doesNotContain("formerHolder");
	}

	@Test
	void roundTripsATargetsInstanceChoiceAndReadsOneWrittenBeforeItAsUnset() {
		TargetSpec target = new TargetSpec(TargetType.HTTP, "POST", "lb://billing/settle", null, null, null, null, null,
				InstanceChoice.LEAST_ACTIVE, null);

		String json = CronyJson.toJson(target);

		assertThat(json).contains("\"instanceChoice\":\"LEAST_ACTIVE\"");
		assertThat(CronyJson.fromJson(json, TargetSpec.class)).isEqualTo(target);
		TargetSpec before = CronyJson.fromJson("{\"type\":\"HTTP\",\"url\":\"lb://billing/x\"}", TargetSpec.class);
		assertThat(before.instanceChoice()).isNull();
		assertThat(before.instanceChoiceOrDefault()).isEqualTo(InstanceChoice.ROUND_ROBIN);
		assertThat(CronyJson.toJson(before)).doesNotContain("instanceChoice");
	}

	@Test
	void ignoresFieldsItDoesNotKnow() {
		RetryPolicy retry = CronyJson.fromJson("{\"maxAttempts\":2,\"backoffSeconds\":1,\"giveUpAfter\":\"PT1H\"}",
				RetryPolicy.class);
		assertThat(retry).isEqualTo(new RetryPolicy(2, 1));
	}

	@Test
	void roundTripsAJobWithAlertRules() {
		AlertPolicy alerts = new AlertPolicy(List.of(3L, 5L), true, true, new AlertPolicy.FailureRate(0.5, 10, 4),
				true);
		JobSpec spec = new JobSpec(7, "settle-orders", null, "@every 5s", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://127.0.0.1:9000/x", null, null, null, null, null), 30,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1, alerts);

		assertThat(CronyJson.fromJson(CronyJson.toJson(spec), JobSpec.class)).isEqualTo(spec);
	}

	@Test
	void readsAJobWrittenBeforeAlertsAsOneWithoutAlerts() {
		String before = "{\"id\":1,\"name\":\"old\",\"schedule\":\"@hourly\",\"timeZone\":\"UTC\","
				+ "\"target\":{\"type\":\"HTTP\",\"url\":\"http://h/x\"},\"timeoutSeconds\":5,"
				+ "\"enabled\":true,\"version\":2}";

		JobSpec spec = CronyJson.fromJson(before, JobSpec.class);

		assertThat(spec.alerts()).isEqualTo(AlertPolicy.NONE);
		assertThat(spec.alerts().active()).isFalse();
	}

}
