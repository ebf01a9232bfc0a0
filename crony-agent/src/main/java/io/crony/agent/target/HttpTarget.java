package io.crony.agent.target;

import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * HTTP targets through one asynchronous client with a bounded pool of kept-alive
 * connections ({@link HttpConnections}): no thread waits on a call, and a burst of calls
 * due in the same instant reuses the pool instead of connecting once per call. Each call
 * carries {@code X-Crony-Job-Id}, {@code X-Crony-Execution-Id},
 * {@code X-Crony-Scheduled-At}, {@code X-Crony-Attempt} and {@code X-Crony-Agent-Id} so a
 * target can tell fires and attempts apart, plus the SDK contract's headers and answer
 * ({@link TargetContract}).
 *
 * <p>
 * The job's timeout bounds the whole attempt, the wait for a pooled connection included:
 * a call still queued when its time is up is TIMED_OUT like one the target was slow to
 * answer.
 */
public final class HttpTarget implements Target, AutoCloseable {

	/** The longest a status URL may take to answer. */
	static final int STATUS_TIMEOUT_SECONDS = 10;

	private final CloseableHttpAsyncClient client;

	private final int outputLimit;

	private final String agentId;

	private final SecretBox secrets;

	private final TargetPolicy policy;

	public HttpTarget(HttpTargetProperties settings, int outputLimit, String agentId, TargetPolicy policy,
			SecretBox secrets) {
		this.secrets = secrets;
		this.policy = policy;
		this.agentId = agentId;
		this.outputLimit = outputLimit;
		this.client = HttpConnections.client(settings, policy);
		this.client.start();
	}

	@Override
	public TargetType type() {
		return TargetType.HTTP;
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		JobSpec job = invocation.job();
		TargetSpec target = job.target();
		if (target.url() == null || !(target.url().startsWith("http://") || target.url().startsWith("https://"))) {
			// lb:// addresses never get here: Targets resolves them first
			return CompletableFuture
				.completedFuture(AttemptResult.failed("Unsupported HTTP target address " + target.url()));
		}
		int timeoutSeconds = Math.max(1, job.timeoutSeconds());
		SimpleHttpRequest request;
		try {
			request = request(invocation, target, timeoutSeconds);
		}
		catch (UnrenderableTemplateException ex) {
			return CompletableFuture.completedFuture(AttemptResult.failed(ex.getMessage()));
		}
		CompletableFuture<SimpleHttpResponse> response = new CompletableFuture<>();
		Future<SimpleHttpResponse> call = this.client.execute(SimpleRequestProducer.create(request),
				SimpleResponseConsumer.create(), new Completing(response));
		CompletableFuture<AttemptResult> result = response.orTimeout(timeoutSeconds, TimeUnit.SECONDS)
			.handle((answer, failure) -> (failure == null) ? outcome(target, answer)
					: failure(failure, timeoutSeconds));
		// a timeout, a kill or REPLACE aborts the exchange itself: its connection is
		// closed, not returned to the pool half-read
		result.whenComplete((outcome, failure) -> {
			if (result.isCancelled() || (outcome != null && outcome.status() == ExecutionStatus.TIMED_OUT)) {
				call.cancel(true);
			}
		});
		return result;
	}

	/**
	 * A GET of the status URL with the call's headers (the job's, the contract's), at
	 * most {@link #STATUS_TIMEOUT_SECONDS} long; a path is asked of the instance that
	 * took the call. The target policy is checked first, as for a call.
	 */
	@Override
	public CompletableFuture<StatusAnswer> status(Invocation attempt, String statusUrl) {
		URI url;
		try {
			url = statusAddress(attempt.job().target().url(), attempt.render("target.statusUrl", statusUrl));
		}
		catch (IllegalArgumentException | UnrenderableTemplateException ex) {
			return CompletableFuture.completedFuture(StatusAnswer.unusable("status URL " + ex.getMessage()));
		}
		// the status URL as this run filled it in, by the addresses its host has now; the
		// client's resolver checks the addresses it connects to once more
		String refusal = this.policy.refusal(url.toString()).orElse(null);
		if (refusal != null) {
			return CompletableFuture.completedFuture(StatusAnswer.unusable("status URL refused: " + refusal));
		}
		SimpleHttpRequest request;
		try {
			request = request(attempt, attempt.job().target(), "GET", url, STATUS_TIMEOUT_SECONDS, false);
		}
		catch (UnrenderableTemplateException ex) {
			return CompletableFuture.completedFuture(StatusAnswer.unusable("status request " + ex.getMessage()));
		}
		CompletableFuture<SimpleHttpResponse> response = new CompletableFuture<>();
		this.client.execute(SimpleRequestProducer.create(request), SimpleResponseConsumer.create(),
				new Completing(response));
		return response.orTimeout(STATUS_TIMEOUT_SECONDS, TimeUnit.SECONDS)
			.handle((answer, failure) -> (failure == null)
					? StatusAnswer.read(answer.getCode(), answer.getBodyText(), this.outputLimit) : StatusAnswer
						.unusable("status URL not answered: " + failure(failure, STATUS_TIMEOUT_SECONDS).error()));
	}

	/** The status URL, a path taken as one on the host that took the call. */
	static URI statusAddress(String callUrl, String statusUrl) {
		URI status = URI.create(statusUrl.trim());
		return status.isAbsolute() ? status : URI.create(callUrl).resolve(status);
	}

	private SimpleHttpRequest request(Invocation invocation, TargetSpec target, int timeoutSeconds) {
		String method = (target.method() != null) ? target.method().toUpperCase() : "POST";
		return request(invocation, target, method, URI.create(target.url()), timeoutSeconds, true);
	}

	private SimpleHttpRequest request(Invocation invocation, TargetSpec target, String method, URI url,
			int timeoutSeconds, boolean withBody) {
		JobSpec job = invocation.job();
		Timeout timeout = Timeout.ofSeconds(timeoutSeconds);
		SimpleRequestBuilder request = SimpleRequestBuilder.create(method)
			.setUri(url)
			.setRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(timeout)
				.setResponseTimeout(timeout)
				.setRedirectsEnabled(false)
				.build())
			.addHeader("X-Crony-Job-Id", Long.toString(job.id()))
			.addHeader("X-Crony-Execution-Id", Long.toString(invocation.executionId()))
			.addHeader("X-Crony-Scheduled-At", invocation.scheduledAt().toString())
			.addHeader("X-Crony-Attempt", Integer.toString(invocation.attempt()))
			.addHeader("X-Crony-Agent-Id", this.agentId);
		TargetContract.headers(invocation, request::addHeader);
		String contentType = null;
		for (Map.Entry<String, String> header : target.headers().entrySet()) {
			String value = headerValue(invocation, header.getKey(), header.getValue());
			if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(header.getKey())) {
				contentType = value;
			}
			else {
				request.addHeader(header.getKey(), value);
			}
		}
		String body = withBody ? body(invocation, target, method) : null;
		if (body != null) {
			// the job's own Content-Type wins; a body without one is sent as UTF-8 text
			request.setBody(body, (contentType != null) ? ContentType.parse(contentType)
					: ContentType.TEXT_PLAIN.withCharset(StandardCharsets.UTF_8));
		}
		else if (contentType != null) {
			request.addHeader(HttpHeaders.CONTENT_TYPE, contentType);
		}
		return request.build();
	}

	/**
	 * A header's value as sent. A secret value arrives sealed and is opened here, right
	 * before the call, never logged, and sent exactly as it was stored: no placeholder is
	 * read in it, so a secret holding {@code ${} is neither changed nor refused, and no
	 * error message ever quotes it. Any other value is a template.
	 */
	private String headerValue(Invocation invocation, String name, String stored) {
		if (SecretBox.isSealed(stored)) {
			return this.secrets.open(stored);
		}
		return invocation.render("target.headers." + name, stored);
	}

	/**
	 * The call's body: the job's template filled in, or without one the run's params as
	 * they are (the contract: the body is the run's params), so a target, an SDK handler
	 * or a run resuming at another instance gets the params it was started with. GET and
	 * HEAD carry no body.
	 */
	static String body(Invocation invocation, TargetSpec target, String method) {
		if (target.body() != null && !target.body().isEmpty()) {
			return invocation.render("target.body", target.body());
		}
		boolean bodiless = "GET".equals(method) || "HEAD".equals(method);
		return (bodiless || invocation.params() == null || invocation.params().isEmpty()) ? null : invocation.params();
	}

	private AttemptResult outcome(TargetSpec target, SimpleHttpResponse response) {
		int status = response.getCode();
		boolean success = target.successCodes().isEmpty() ? (status >= 200 && status < 300)
				: target.successCodes().contains(status);
		byte[] body = response.getBodyBytes();
		String whole = (body != null) ? new String(body, StandardCharsets.UTF_8) : "";
		String text = AttemptResult.cap(whole, this.outputLimit);
		// outputs are read from the whole body: the cap is for the record, and outputs
		// over
		// their own limit fail the attempt rather than being cut
		return success ? TargetContract.successfulAnswer(status, text).publishing(whole)
				: new AttemptResult(ExecutionStatus.FAILED, text, "HTTP " + status);
	}

	private static AttemptResult failure(Throwable failure, int timeoutSeconds) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		// our own deadline, the pool's wait, the connect and the response timeouts alike
		if (cause instanceof TimeoutException || cause instanceof InterruptedIOException) {
			return new AttemptResult(ExecutionStatus.TIMED_OUT, null,
					"Timed out after " + timeoutSeconds + "s: " + cause.getClass().getSimpleName());
		}
		if (cause instanceof CancellationException) {
			return new AttemptResult(ExecutionStatus.CANCELLED, null, "Call aborted");
		}
		return AttemptResult.failed(cause.toString());
	}

	@Override
	public void close() {
		this.client.close(CloseMode.IMMEDIATE);
	}

	/** Bridges the client's callback to a CompletableFuture. */
	private record Completing(
			CompletableFuture<SimpleHttpResponse> response) implements FutureCallback<SimpleHttpResponse> {

		@Override
		public void completed(SimpleHttpResponse result) {
			this.response.complete(result);
		}

		@Override
		public void failed(Exception ex) {
			this.response.completeExceptionally(ex);
		}

		@Override
		public void cancelled() {
			this.response.cancel(false);
		}

	}

}
