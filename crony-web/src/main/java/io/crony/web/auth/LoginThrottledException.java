package io.crony.web.auth;

import java.time.Duration;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/** Too many failed sign-ins for a user or from an address: 429 with Retry-After. */
public final class LoginThrottledException extends ApiException {

	private final long retryAfterSeconds;

	LoginThrottledException(Duration retryAfter) {
		this(Math.max(1, (retryAfter.toMillis() + 999) / 1000));
	}

	private LoginThrottledException(long retryAfterSeconds) {
		super(HttpStatus.TOO_MANY_REQUESTS,
				"Too many failed sign-ins; try again in " + retryAfterSeconds + " s (Retry-After)");
		this.retryAfterSeconds = retryAfterSeconds;
	}

	@Override
	public HttpHeaders headers() {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.RETRY_AFTER, Long.toString(this.retryAfterSeconds));
		return headers;
	}

}
