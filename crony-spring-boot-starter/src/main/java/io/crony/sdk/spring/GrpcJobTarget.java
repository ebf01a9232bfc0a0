package io.crony.sdk.spring;

import java.time.Instant;

import com.google.protobuf.Timestamp;
import io.grpc.BindableService;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import net.devh.boot.grpc.server.service.GrpcService;

import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.StatusRequest;
import io.crony.common.grpc.v1.StatusResponse;
import io.crony.sdk.Execution;
import io.crony.sdk.Result;

/**
 * {@code crony.v1.JobTarget/Execute} on the service's gRPC server: the handler is the
 * request's {@code handler}, or its job name when that is empty; an unknown one is
 * NOT_FOUND, shard fields out of bounds (a negative total, an index not below the total)
 * INVALID_ARGUMENT. {@code Status} asks the {@link CronyJobStatus} method named by the
 * request's handler: NOT_FOUND when there is none, UNKNOWN when it threw. A run's reports
 * carry the {@code traceparent} its {@code Execute} call came with as metadata, as they
 * do an HTTP call's header.
 */
@GrpcService
class GrpcJobTarget implements JobTargetGrpc.AsyncService, BindableService {

	private final JobDispatcher dispatcher;

	GrpcJobTarget(JobDispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	/**
	 * Bound with {@link TraceContextInterceptor}, whichever gRPC server serves it (the
	 * generated base class's {@code bindService} is final, hence the interface).
	 */
	@Override
	public ServerServiceDefinition bindService() {
		return ServerInterceptors.intercept(JobTargetGrpc.bindService(this), new TraceContextInterceptor());
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

	@Override
	public void status(StatusRequest request, StreamObserver<StatusResponse> response) {
		JobRequest job = new JobRequest(new Execution(request.getExecutionId(), request.getReportToken()),
				request.getJobId(), request.getJobName(), request.getHandler(), null, request.getAttempt(), null,
				request.getParams(), null, null, 0, 0, null);
		JobStatus status;
		try {
			status = this.dispatcher.status(job).orElse(null);
		}
		catch (Throwable ex) {
			response.onError(Status.UNKNOWN
				.withDescription("crony: status method \"" + job.handler() + "\" failed: " + ex.getMessage())
				.asRuntimeException());
			return;
		}
		if (status == null) {
			response.onError(Status.NOT_FOUND.withDescription(this.dispatcher.unknownStatus(job.handler()))
				.asRuntimeException());
			return;
		}
		StatusResponse.Builder answer = StatusResponse.newBuilder()
			.setOutcome(io.crony.common.grpc.v1.Outcome.valueOf(status.state().name()))
			.setMessage((status.message() != null) ? status.message() : "")
			.setOutput((status.output() != null) ? status.output() : "");
		if (status.progress() != null) {
			answer.setProgress(Math.max(0, Math.min(100, status.progress())));
		}
		if (status.resumePayload() != null) {
			answer.setResumePayload(status.resumePayload());
		}
		response.onNext(answer.build());
		response.onCompleted();
	}

	private static JobRequest request(ExecuteRequest request) {
		String handler = request.getHandler().isEmpty() ? request.getJobName() : request.getHandler();
		Execution execution = new Execution(request.getExecutionId(), request.getReportToken(),
				TraceContextInterceptor.traceparent());
		return new JobRequest(execution, request.getJobId(), request.getJobName(), handler,
				request.hasScheduledAt() ? instant(request.getScheduledAt()) : null, request.getAttempt(),
				request.getTrigger(), request.getParams(),
				request.getResumePayload().isEmpty() ? null : request.getResumePayload(),
				request.hasDeadline() ? instant(request.getDeadline()) : null, request.getShardIndex(),
				request.getShardTotal(), request.getShardParams().isEmpty() ? null : request.getShardParams());
	}

	private static Instant instant(Timestamp timestamp) {
		return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
	}

}
