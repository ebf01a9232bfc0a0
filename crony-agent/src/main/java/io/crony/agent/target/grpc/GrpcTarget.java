package io.crony.agent.target.grpc;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.protobuf.Timestamp;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.StatusAnswer;
import io.crony.agent.target.Target;
import io.crony.agent.target.discovery.ServiceInstances;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OutputCap;
import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.StatusRequest;
import io.crony.common.grpc.v1.StatusResponse;
import io.crony.common.job.TargetType;
import io.crony.common.target.ConnectionCheck;
import io.grpc.Channel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import net.devh.boot.grpc.client.channelfactory.GrpcChannelFactory;
import net.devh.boot.grpc.client.nameresolver.NameResolverRegistration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * gRPC targets: {@code crony.v1.JobTarget/Execute} over channels from net.devh's channel
 * factory (one cached channel per address; {@code static://} and {@code discovery:///}
 * resolved by its name resolvers), with the attempt's deadline as the call's deadline.
 * The retry policy is the runner's, as for every target. An accepted run whose job names
 * a status handler ({@code target.statusUrl} {@code /handler}) is asked about through
 * {@code crony.v1.JobTarget/Status} on the instance that took the call.
 */
@Component
public class GrpcTarget implements Target {

	/** The longest a Status call may take to answer, as an HTTP status URL's ask. */
	static final int STATUS_TIMEOUT_SECONDS = 10;

	private final GrpcChannelFactory channels;

	private final ServiceInstances instances;

	private final int outputLimit;

	/**
	 * @param registration net.devh's lazy bean that puts the name resolvers (among them
	 * {@code discovery:///}) into gRPC's registry when it is created; asking for it here
	 * is what creates it
	 * @param outputLimit {@code crony.agent.output-limit}, as the HTTP and shell targets
	 * have it
	 */
	GrpcTarget(GrpcChannelFactory channels, ServiceInstances instances, NameResolverRegistration registration,
			@Value("${crony.agent.output-limit:4096}") int outputLimit) {
		this.channels = channels;
		this.instances = instances;
		this.outputLimit = OutputCap.bounded(outputLimit);
	}

	@Override
	public TargetType type() {
		return TargetType.GRPC;
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		GrpcAddress address = GrpcAddress.parse(invocation.job().target().url());
		if (address.service() != null && !this.instances.any(address.service())) {
			return CompletableFuture.completedFuture(AttemptResult.failed("no instance of " + address.service()));
		}
		Channel channel = this.channels.createChannel(address.channel());
		Instant deadline = (invocation.deadline() != null) ? invocation.deadline()
				: Instant.now().plusSeconds(Math.max(1, invocation.job().timeoutSeconds()));
		long millis = Math.max(1, Duration.between(Instant.now(), deadline).toMillis());
		ListenableFuture<ExecuteResponse> call = JobTargetGrpc.newFutureStub(channel)
			.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(traceMetadata(invocation)))
			.withDeadlineAfter(millis, TimeUnit.MILLISECONDS)
			.execute(request(invocation, address, deadline));
		CompletableFuture<AttemptResult> result = new CompletableFuture<>();
		Futures.addCallback(call, new FutureCallback<>() {
			@Override
			public void onSuccess(ExecuteResponse response) {
				result.complete(outcome(response, GrpcTarget.this.outputLimit));
			}

			@Override
			public void onFailure(Throwable failure) {
				result.complete(failure(failure, address));
			}
		}, MoreExecutors.directExecutor());
		// cancelling the outcome (kill, REPLACE) cancels the call
		result.whenComplete((outcome, failure) -> {
			if (result.isCancelled()) {
				call.cancel(true);
			}
		});
		return result;
	}

	/** The attempt's W3C trace context as call metadata, as HTTP targets get headers. */
	static Metadata traceMetadata(Invocation invocation) {
		Metadata metadata = new Metadata();
		invocation.trace()
			.forEach((key, value) -> metadata.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), value));
		return metadata;
	}

	/**
	 * Asks {@code JobTarget/Status} how an accepted run is doing, on the address the
	 * attempt called (a discovered target's is already the instance that took it), with
	 * the call's report token and a deadline of {@link #STATUS_TIMEOUT_SECONDS}.
	 * @param statusUrl {@code /handler}: the handler that answers
	 */
	@Override
	public CompletableFuture<StatusAnswer> status(Invocation attempt, String statusUrl) {
		GrpcAddress address;
		try {
			address = GrpcAddress.parse(attempt.job().target().url());
		}
		catch (IllegalArgumentException ex) {
			return CompletableFuture.completedFuture(StatusAnswer.unusable(ex.getMessage()));
		}
		String handler = statusHandler(statusUrl);
		if (handler.isEmpty()) {
			return CompletableFuture.completedFuture(
					StatusAnswer.unusable("status URL " + statusUrl + " names no gRPC handler (/handler)"));
		}
		ListenableFuture<StatusResponse> call = JobTargetGrpc
			.newFutureStub(this.channels.createChannel(address.channel()))
			.withDeadlineAfter(STATUS_TIMEOUT_SECONDS, TimeUnit.SECONDS)
			.status(statusRequest(attempt, handler));
		CompletableFuture<StatusAnswer> answer = new CompletableFuture<>();
		Futures.addCallback(call, new FutureCallback<>() {
			@Override
			public void onSuccess(StatusResponse response) {
				answer.complete(statusAnswer(response, GrpcTarget.this.outputLimit));
			}

			@Override
			public void onFailure(Throwable failure) {
				answer.complete(statusFailure(failure));
			}
		}, MoreExecutors.directExecutor());
		return answer;
	}

	static String statusHandler(String statusUrl) {
		String handler = (statusUrl != null) ? statusUrl.trim() : "";
		while (handler.startsWith("/")) {
			handler = handler.substring(1);
		}
		return handler;
	}

	static StatusRequest statusRequest(Invocation attempt, String handler) {
		StatusRequest.Builder request = StatusRequest.newBuilder()
			.setExecutionId(attempt.executionId())
			.setJobId(attempt.job().id())
			.setJobName(attempt.job().name())
			.setHandler(handler)
			.setAttempt(attempt.attempt());
		if (attempt.params() != null) {
			request.setParams(attempt.params());
		}
		if (attempt.token() != null) {
			request.setReportToken(attempt.token());
		}
		return request.build();
	}

	/** Reads a Status answer by the rules of an HTTP status URL's JSON answer. */
	static StatusAnswer statusAnswer(StatusResponse response, int outputLimit) {
		ExecutionStatus status = switch (response.getOutcome()) {
			case RUNNING, ACCEPTED -> ExecutionStatus.RUNNING;
			case SUCCEEDED -> ExecutionStatus.SUCCEEDED;
			case FAILED -> ExecutionStatus.FAILED;
			default -> null;
		};
		if (status == null) {
			return StatusAnswer.unusable("Status answered no outcome of RUNNING, SUCCEEDED or FAILED");
		}
		Integer progress = response.hasProgress() ? Math.max(0, Math.min(100, response.getProgress())) : null;
		return new StatusAnswer(status, progress, response.getMessage().isEmpty() ? null : response.getMessage(),
				response.getOutput().isEmpty() ? null : AttemptResult.cap(response.getOutput(), outputLimit),
				response.hasResumePayload() ? response.getResumePayload() : null, null);
	}

	private static StatusAnswer statusFailure(Throwable failure) {
		Status status = Status.fromThrowable(failure);
		if (status.getCode() == Status.Code.UNIMPLEMENTED) {
			return StatusAnswer.unusable("Status not answered: the service implements no JobTarget/Status method");
		}
		return StatusAnswer.unusable("Status not answered: gRPC " + status.getCode()
				+ ((status.getDescription() != null) ? ": " + status.getDescription() : ""));
	}

	static ExecuteRequest request(Invocation invocation, GrpcAddress address, Instant deadline) {
		ExecuteRequest.Builder request = ExecuteRequest.newBuilder()
			.setExecutionId(invocation.executionId())
			.setJobId(invocation.job().id())
			.setJobName(invocation.job().name())
			.setHandler(address.handler())
			.setScheduledAt(timestamp(invocation.scheduledAt()))
			.setAttempt(invocation.attempt())
			.setDeadline(timestamp(deadline));
		if (invocation.params() != null) {
			request.setParams(invocation.params());
		}
		if (invocation.token() != null) {
			request.setReportToken(invocation.token());
		}
		if (invocation.trigger() != null) {
			request.setTrigger(invocation.trigger().name());
		}
		if (invocation.resumePayload() != null) {
			request.setResumePayload(invocation.resumePayload());
		}
		if (invocation.shard() != null) {
			request.setShardIndex(invocation.shard().index()).setShardTotal(invocation.shard().total());
			if (invocation.shard().params() != null) {
				request.setShardParams(invocation.shard().params());
			}
		}
		return request.build();
	}

	static AttemptResult outcome(ExecuteResponse response, int outputLimit) {
		String output = response.getOutput().isEmpty() ? null : AttemptResult.cap(response.getOutput(), outputLimit);
		return switch (response.getOutcome()) {
			case SUCCEEDED -> new AttemptResult(ExecutionStatus.SUCCEEDED, output, null);
			case ACCEPTED -> AttemptResult.accepted(output);
			case FAILED -> new AttemptResult(ExecutionStatus.FAILED, output,
					response.getMessage().isEmpty() ? "Target answered FAILED" : response.getMessage());
			default -> new AttemptResult(ExecutionStatus.FAILED, output, "Target answered no outcome");
		};
	}

	private static AttemptResult failure(Throwable failure, GrpcAddress address) {
		Status status = Status.fromThrowable(failure);
		String refusal = ConnectionCheck.refusalOf(status.getCause()).orElse(null);
		if (refusal != null) {
			return AttemptResult.failed(refusal);
		}
		if (status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
			return new AttemptResult(ExecutionStatus.TIMED_OUT, null, "Timed out: " + status);
		}
		if (status.getCode() == Status.Code.UNAVAILABLE && address.service() != null) {
			return AttemptResult.failed("no instance of " + address.service() + " reachable: " + status);
		}
		return AttemptResult.failed("gRPC " + status.getCode() + ": " + status.getDescription());
	}

	private static Timestamp timestamp(Instant instant) {
		return Timestamp.newBuilder().setSeconds(instant.getEpochSecond()).setNanos(instant.getNano()).build();
	}

}
