package io.crony.web.sso;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * The directory could not be asked (unreachable, or the search account refused): not the
 * user's mistake, so neither a 401 nor a failure the sign-in throttle counts.
 */
final class DirectoryUnavailableException extends ApiException {

	DirectoryUnavailableException() {
		super(HttpStatus.SERVICE_UNAVAILABLE,
				"The directory that signs in this user cannot be reached; try again later");
	}

}
