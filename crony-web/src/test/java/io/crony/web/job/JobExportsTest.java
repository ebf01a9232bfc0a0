package io.crony.web.job;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.crony.common.job.AlertPolicy;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.secret.SecretBox;
import io.crony.web.retention.Retention;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobExportsTest {

	private static final String SEALED = "enc:v1:k1:AAAA";

	@Test
	void anExportedJobDefinesTheSameJobAgain() {
		JobSpec spec = new JobSpec(7, "settle", "nightly", "0 0 1 * * ?", "Asia/Shanghai",
				new TargetSpec(TargetType.HTTP, "POST", "http://h/settle", Map.of("X-Env", "prod"), "{}",
						TargetMode.ASYNC, null, List.of(200, 202)),
				30, RetryPolicy.exponential(4, 2, 3.0, 60, 0.5), MisfirePolicy.SKIP, OverlapPolicy.QUEUE,
				new AssignmentSpec(AssignmentStrategy.FEWEST_JOBS, Map.of("zone", "a")), true, 9,
				new AlertPolicy(List.of(3L), true, false, new AlertPolicy.FailureRate(0.5, 10, 5), true), null, "alice",
				"pay@example.com", Map.of("team", "pay"));

		JobRequest exported = JobExports.of(spec, new Retention(7, null), UnaryOperator.identity());

		assertThat(exported.version()).isNull();
		assertThat(exported.retention()).isEqualTo(new Retention(7, null));
		assertThat(exported.toSpec(7, 9, true, exported.ownerOr("someone else"))).isEqualTo(spec);
	}

	@Test
	void leavesDefaultsOutAndKeepsAPlainJobPlain() {
		JobSpec spec = new JobSpec(1, "plain", null, "@hourly", "UTC",
				new TargetSpec(TargetType.SHELL, null, null, null, null, null, "echo hi", null), 60, RetryPolicy.NONE,
				MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, false, 1, AlertPolicy.NONE);

		JobRequest exported = JobExports.of(spec, Retention.INHERIT, UnaryOperator.identity());

		assertThat(exported.retry()).isNull();
		assertThat(exported.alerts()).isNull();
		assertThat(exported.assignment()).isNull();
		assertThat(exported.retention()).isNull();
		assertThat(exported.labels()).isNull();
		assertThat(exported.target().headers()).isNull();
		assertThat(exported.target().mode()).isNull();
		assertThat(exported.toSpec(1, 1, false, null)).isEqualTo(spec);
	}

	@Test
	void anExportedShardedOrBroadcastJobKeepsItsSharding() {
		for (Sharding sharding : List.of(Sharding.of(3, List.of("a", "b", "c")), Sharding.of(2, List.of()).within(300),
				Sharding.toEveryInstance())) {
			JobSpec spec = new JobSpec(1, "fan", null, "@hourly", "UTC",
					new TargetSpec(TargetType.HTTP, "POST", "lb://billing/run", null, null, TargetMode.SYNC, null, null,
							null, null, sharding),
					60, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1,
					AlertPolicy.NONE);

			JobRequest exported = JobExports.of(spec, Retention.INHERIT, UnaryOperator.identity());

			assertThat(exported.target().shardParams()).as("none left out").isNotEqualTo(List.of());
			assertThat(exported.toSpec(1, 1, true, null)).isEqualTo(spec);
		}
	}

	@Test
	void anExportedJobKeepsItsProgressTimeout() {
		JobSpec spec = new JobSpec(1, "long", null, "@hourly", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "lb://billing/run", null, null, TargetMode.ASYNC, null, null,
						null, null, null, 30),
				600, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1,
				AlertPolicy.NONE);

		JobRequest exported = JobExports.of(spec, Retention.INHERIT, UnaryOperator.identity());

		assertThat(exported.target().progressTimeoutSeconds()).isEqualTo(30);
		assertThat(JobValidator.validate(exported)).isEmpty();
		assertThat(exported.toSpec(1, 1, true, null)).isEqualTo(spec);
	}

	@Test
	void masksSealedHeadersAndMarksThoseWhoseNamesDoNotSaySecret() {
		JobSpec spec = new JobSpec(1, "s", null, "@hourly", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://h/",
						Map.of("Authorization", SEALED, "X-Partner", SEALED, "X-Env", "prod"), null, null, null, null),
				60, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1,
				AlertPolicy.NONE);

		JobRequest exported = JobExports.of(spec, Retention.INHERIT, JobExports::masked);

		assertThat(exported.target().headers()).containsEntry("Authorization", SecretBox.MASK)
			.containsEntry("X-Partner", SecretBox.MASK)
			.containsEntry("X-Env", "prod");
		assertThat(exported.target().secretHeaders()).containsExactly("X-Partner");
	}

}
