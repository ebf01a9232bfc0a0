package io.crony.sdk.spring;

import java.time.Instant;

import com.google.protobuf.Timestamp;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import net.devh.boot.grpc.server.service.GrpcService;

import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.sdk.Execution;
import io.crony.sdk.Result;

/**
 * {@code crony.v1.JobTarget/Execute} on the service's gRPC server: the handler is the
 * request's {@code handler}, or its job name when that is empty; an unknown one is
 * NOT_FOUND, shard fields out of bounds (a negative total, an index not below the total)
 * INVALID_ARGUMENT.
 */
@GrpcService
class GrpcJobTarget extends JobTargetGrpc.JobTargetImplBase {

	private final JobDispatcher dispatcher;

	GrpcJobTarget(JobDispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public void execute(ExecuteRequest request, StreamObserver<ExecuteResponse> response) {
		JobRequest job;
		try {
			job = request(request);
		}
		catch (IllegalArgumentException ex) {
			response.onError(Status.INVALID_ARGUMENT.withDescription("crony: " + ex.getMessage()).asRuntimeException());
			return;
		}
		Result result = this.dispatcher.dispatch(job).orElse(null);
		if (result == null) {
			response.onError(Status.NOT_FOUND.withDescription(this.dispatcher.unknownHandler(job.handler()))
				.asRuntimeException());
			return;
		}
		response.onNext(ExecuteResponse.newBuilder()
			.setOutcome(io.crony.common.grpc.v1.Outcome.valueOf(result.outcome().name()))
			.setMessage((result.message() != null) ? result.message() : "")
			.setOutput((result.output() != null) ? result.output() : "")
			.build());
		response.onCompleted();
	}

	private static JobRequest request(ExecuteRequest request) {
		String handler = request.getHandler().isEmpty() ? request.getJobName() : request.getHandler();
		return new JobRequest(new Execution(request.getExecutionId(), request.getReportToken()), request.getJobId(),
				request.getJobName(), handler, request.hasScheduledAt() ? instant(request.getScheduledAt()) : null,
				request.getAttempt(), request.getTrigger(), request.getParams(),
				request.getResumePayload().isEmpty() ? null : request.getResumePayload(),
				request.hasDeadline() ? instant(request.getDeadline()) : null, request.getShardIndex(),
				request.getShardTotal(), request.getShardParams().isEmpty() ? null : request.getShardParams());
	}

	private static Instant instant(Timestamp timestamp) {
		return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
	}

}
