package io.crony.web.execution;

import java.util.function.Supplier;

import com.google.protobuf.UnknownFieldSet;
import io.crony.common.grpc.v1.ExecutionReportsGrpc;
import io.crony.common.grpc.v1.ReportProgressRequest;
import io.crony.common.grpc.v1.ReportResponse;
import io.crony.common.grpc.v1.ReportResultRequest;
import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import net.devh.boot.grpc.server.service.GrpcService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code crony.v1.ExecutionReports}: the gRPC form of the report endpoints, on the same
 * {@link ReportService}. A wrong token is PERMISSION_DENIED, an unknown execution
 * NOT_FOUND, bad input INVALID_ARGUMENT naming the field.
 */
@GrpcService
class ReportGrpcService extends ExecutionReportsGrpc.ExecutionReportsImplBase {

	private static final Logger log = LoggerFactory.getLogger(ReportGrpcService.class);

	private final ReportService reports;

	ReportGrpcService(ReportService reports) {
		this.reports = reports;
	}

	@Override
	public void reportResult(ReportResultRequest request, StreamObserver<ReportResponse> answer) {
		respond(answer, () -> {
			refuseUnknownFields(request.getUnknownFields());
			ResultReport.ReportedOutcome outcome = switch (request.getOutcome()) {
				case SUCCEEDED -> ResultReport.ReportedOutcome.SUCCEEDED;
				case FAILED -> ResultReport.ReportedOutcome.FAILED;
				default ->
					throw invalid(FieldProblem.of("outcome", "must be SUCCEEDED or FAILED, not " + request.getOutcome(),
							FieldErrorCode.NOT_ONE_OF, "[SUCCEEDED, FAILED]"));
			};
			String message = text("message", request.getMessage(), 1024);
			String output = text("output", request.getOutput(), ReportProperties.MAX_REPORTED_OUTPUT);
			return this.reports.result(request.getExecutionId(), request.getToken(),
					new ResultReport(outcome, message, output), request.getOutputs());
		});
	}

	@Override
	public void reportProgress(ReportProgressRequest request, StreamObserver<ReportResponse> answer) {
		respond(answer, () -> {
			refuseUnknownFields(request.getUnknownFields());
			if (request.getProgress() < 0 || request.getProgress() > 100) {
				throw invalid(FieldProblem.of("progress", "must be between 0 and 100, not " + request.getProgress(),
						FieldErrorCode.OUT_OF_RANGE, 0, 100));
			}
			String payload = text("resumePayload", request.getResumePayload(), 65535);
			String message = text("message", request.getMessage(), 1024);
			return this.reports.progress(request.getExecutionId(), request.getToken(),
					new ProgressReport(request.getProgress(), payload, message, request.getRebalance()));
		});
	}

	private static void respond(StreamObserver<ReportResponse> answer,
			Supplier<io.crony.web.execution.ReportResponse> work) {
		io.crony.web.execution.ReportResponse response;
		try {
			response = work.get();
		}
		catch (ApiException ex) {
			log.warn("gRPC report refused: {}", ex.getMessage());
			answer.onError(status(ex).withDescription(ex.getMessage()).asRuntimeException());
			return;
		}
		catch (RuntimeException ex) {
			log.error("gRPC report failed", ex);
			answer.onError(Status.INTERNAL.withDescription("Unexpected error; the server log has the details")
				.asRuntimeException());
			return;
		}
		ReportResponse.Builder reply = ReportResponse.newBuilder()
			.setApplied(response.applied())
			.setStatus(response.status());
		if (response.message() != null) {
			reply.setMessage(response.message());
		}
		answer.onNext(reply.build());
		answer.onCompleted();
	}

	private static Status status(ApiException ex) {
		return switch (ex.status()) {
			case UNAUTHORIZED, FORBIDDEN -> Status.PERMISSION_DENIED;
			case NOT_FOUND -> Status.NOT_FOUND;
			case BAD_REQUEST -> Status.INVALID_ARGUMENT;
			case SERVICE_UNAVAILABLE -> Status.UNAVAILABLE;
			default -> Status.INTERNAL;
		};
	}

	/**
	 * A field this contract does not have (a client built from another proto) would be
	 * kept aside by protobuf and silently ignored; as over REST, it is refused instead.
	 * Only its number is on the wire.
	 */
	private static void refuseUnknownFields(UnknownFieldSet unknown) {
		unknown.asMap().keySet().stream().findFirst().ifPresent((number) -> {
			throw invalid(FieldProblem.of("field " + number,
					"unknown field number " + number + "; this contract does not have it",
					FieldErrorCode.UNKNOWN_FIELD_NUMBER, number));
		});
	}

	/** proto3 strings are never null: empty means absent. */
	private static String text(String field, String value, int max) {
		if (value.isEmpty()) {
			return null;
		}
		if (value.length() > max) {
			throw invalid(FieldProblem.of(field, "size must be between 0 and " + max, FieldErrorCode.TOO_LONG, max));
		}
		return value;
	}

	private static ApiException invalid(FieldProblem problem) {
		return io.crony.web.error.InvalidRequestException.of(problem);
	}

}
