package io.crony.sdk;

import java.io.IOException;

/**
 * Sends one report request to crony-web and hands back its raw answer. The client owns
 * everything above one request (JSON, retries, errors), so a transport stays a few lines:
 * the default one uses the JDK {@code HttpClient}; the Spring Boot starter plugs in
 * OpenFeign to find crony-web through service discovery.
 */
public interface CronyTransport extends AutoCloseable {

	/** The header that carries the execution token. */
	String TOKEN_HEADER = "X-Crony-Token";

	/** The W3C header that carries the run's trace context. */
	String TRACEPARENT_HEADER = "traceparent";

	/**
	 * POSTs one report to crony-web: {@code POST
	 * /api/v1/executions/{executionId}/{report}} with the token header and a JSON body.
	 * @param executionId the execution the report is about
	 * @param report {@code result} or {@code progress}
	 * @param token the execution token, for the {@value #TOKEN_HEADER} header
	 * @param json the request body
	 * @return the answer, whatever its status
	 * @throws IOException when no answer came back (the client retries it)
	 * @throws InterruptedException when the calling thread was interrupted
	 */
	Answer post(long executionId, String report, String token, byte[] json) throws IOException, InterruptedException;

	/**
	 * {@link #post(long, String, String, byte[])} in a trace: the W3C {@code traceparent}
	 * header carries the run's trace context on. A transport that does not override it
	 * sends the report without it.
	 * @param traceparent the trace context to send, or null for none
	 */
	default Answer post(long executionId, String report, String token, String traceparent, byte[] json)
			throws IOException, InterruptedException {
		return post(executionId, report, token, json);
	}

	/** Releases what the transport holds; the default holds nothing. */
	@Override
	default void close() {
	}

	/**
	 * An HTTP answer.
	 *
	 * @param status the HTTP status code
	 * @param body the body, possibly empty
	 */
	record Answer(int status, byte[] body) {

	}

}
