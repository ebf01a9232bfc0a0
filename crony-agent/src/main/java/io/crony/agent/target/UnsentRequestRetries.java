package io.crony.agent.target;

import java.io.IOException;

import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * Sends a request again, at once, on another connection when it was never sent: the
 * pooled keep-alive connection it was given turned out closed by the target (an idle
 * timeout, a connection cap) before the request went out. That is not the target's answer
 * and not the job's failure; the job's own retry policy is for those. Every other failure
 * is left to the job: a request that may have reached the target is never sent twice by
 * the client, whatever its method. HttpClient's default strategy does not resend these
 * ({@link RequestNotExecutedException} is a closed-connection exception it leaves alone),
 * and a busy target that closes idle connections failed about one run in two hundred that
 * way.
 */
final class UnsentRequestRetries implements HttpRequestRetryStrategy {

	/** Resends per call: a second closed connection in a row is the target's state. */
	static final int MAX_RESENDS = 2;

	@Override
	public boolean retryRequest(HttpRequest request, IOException exception, int execCount, HttpContext context) {
		return exception instanceof RequestNotExecutedException && execCount <= MAX_RESENDS;
	}

	@Override
	public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
		return false;
	}

	@Override
	public TimeValue getRetryInterval(HttpRequest request, IOException exception, int execCount, HttpContext context) {
		return TimeValue.ZERO_MILLISECONDS;
	}

	@Override
	public TimeValue getRetryInterval(HttpResponse response, int execCount, HttpContext context) {
		return TimeValue.ZERO_MILLISECONDS;
	}

}
