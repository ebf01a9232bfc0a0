package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/** Every live output stream this instance allows is open: 429 with Retry-After. */
public final class TooManyStreamsException extends ApiException {

	private static final int RETRY_AFTER_SECONDS = 5;

	TooManyStreamsException(int limit) {
		super(HttpStatus.TOO_MANY_REQUESTS,
				"All " + limit + " live output streams are open (crony.web.output-stream.max-streams); try again in "
						+ RETRY_AFTER_SECONDS + " s (Retry-After)");
	}

	@Override
	public HttpHeaders headers() {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS));
		return headers;
	}

}
