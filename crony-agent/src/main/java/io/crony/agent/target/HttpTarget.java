package io.crony.agent.target;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;

/**
 * HTTP targets through the JDK's asynchronous client: no thread waits on a call, and one
 * client keeps connections alive across runs. Each call carries {@code X-Crony-Job-Id},
 * {@code X-Crony-Execution-Id}, {@code X-Crony-Scheduled-At}, {@code X-Crony-Attempt} and
 * {@code X-Crony-Agent-Id} so a target can tell fires and attempts apart, plus the SDK
 * contract's headers and answer ({@link TargetContract}).
 */
public final class HttpTarget implements Target {

	private final HttpClient client;

	private final int outputLimit;

	private final String agentId;

	public HttpTarget(int outputLimit, String agentId) {
		this.agentId = agentId;
		// the client's own executor: its I/O callbacks must not queue behind runs waiting
		// to start
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		this.outputLimit = outputLimit;
	}

	@Override
	public TargetType type() {
		return TargetType.HTTP;
	}

	@Override
	public CompletableFuture<Outcome> invoke(Invocation invocation) {
		JobSpec job = invocation.job();
		TargetSpec target = job.target();
		if (target.url() == null || !(target.url().startsWith("http://") || target.url().startsWith("https://"))) {
			return CompletableFuture.completedFuture(Outcome.failed("Unsupported HTTP target address " + target.url()
					+ " (lb:// needs service discovery, which this agent does not have)"));
		}
		String body = invocation.render(target.body());
		String method = (target.method() != null) ? target.method().toUpperCase() : "POST";
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target.url()))
			.timeout(Duration.ofSeconds(Math.max(1, job.timeoutSeconds())))
			.method(method,
					(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody())
			.header("X-Crony-Job-Id", Long.toString(job.id()))
			.header("X-Crony-Execution-Id", Long.toString(invocation.executionId()))
			.header("X-Crony-Scheduled-At", invocation.scheduledAt().toString())
			.header("X-Crony-Attempt", Integer.toString(invocation.attempt()))
			.header("X-Crony-Agent-Id", this.agentId);
		TargetContract.headers(invocation, request::header);
		target.headers().forEach((name, value) -> request.header(name, invocation.render(value)));
		CompletableFuture<HttpResponse<byte[]>> call = this.client.sendAsync(request.build(),
				HttpResponse.BodyHandlers.ofByteArray());
		CompletableFuture<Outcome> result = call
			.handle((response, failure) -> (failure == null) ? outcome(target, response) : failure(failure));
		// cancelling the outcome (kill, REPLACE) aborts the exchange itself
		result.whenComplete((outcome, failure) -> {
			if (result.isCancelled()) {
				call.cancel(true);
			}
		});
		return result;
	}

	private Outcome outcome(TargetSpec target, HttpResponse<byte[]> response) {
		int status = response.statusCode();
		boolean success = target.successCodes().isEmpty() ? (status >= 200 && status < 300)
				: target.successCodes().contains(status);
		String text = Outcome.cap(new String(response.body(), StandardCharsets.UTF_8), this.outputLimit);
		return success ? TargetContract.successfulAnswer(status, text)
				: new Outcome(ExecutionStatus.FAILED, text, "HTTP " + status);
	}

	private static Outcome failure(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof HttpTimeoutException) {
			return new Outcome(ExecutionStatus.TIMED_OUT, null, "Timed out: " + cause.getMessage());
		}
		return Outcome.failed(cause.toString());
	}

}
