package io.crony.agent.target.grpc;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.agent.target.Invocation;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.grpc.Metadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A gRPC call carries the attempt's W3C trace context as metadata, none when untraced.
 */
class GrpcTraceMetadataTest {

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	@Test
	void sendsTheTraceContextAsMetadata() {
		Invocation traced = invocation().withTrace(Map.of("traceparent", TRACEPARENT, "tracestate", "crony=1"));

		Metadata metadata = GrpcTarget.traceMetadata(traced);

		assertThat(metadata.get(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER)))
			.isEqualTo(TRACEPARENT);
		assertThat(metadata.get(Metadata.Key.of("tracestate", Metadata.ASCII_STRING_MARSHALLER))).isEqualTo("crony=1");
		assertThat(GrpcTarget.traceMetadata(invocation()).keys()).isEmpty();
	}

	private static Invocation invocation() {
		JobSpec job = new JobSpec(7, "j7", null, "0 0 0 1 1 ?", "UTC",
				new TargetSpec(TargetType.GRPC, null, "static://127.0.0.1:9", Map.of(), null, null, null, List.of()), 5,
				new RetryPolicy(1, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
		return new Invocation(job, 41, Instant.parse("2026-11-27T00:00:00Z"), null, 1);
	}

}
