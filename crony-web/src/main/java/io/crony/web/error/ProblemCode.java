package io.crony.web.error;

import org.springframework.http.HttpStatusCode;

/**
 * The stable, machine-readable {@code code} of every problem detail the API answers.
 * Clients branch on it, never on {@code title} or {@code detail} (English prose that may
 * be reworded). It follows from what failed, that is the exception's type and so its
 * status, never from the message. Listed in docs/api.md; a new value is an API change.
 */
public enum ProblemCode {

	/**
	 * 400: a parameter, the body or the request itself is invalid; {@code errors} names
	 * each field.
	 */
	VALIDATION_FAILED(400),
	/** 401: no valid bearer token, wrong credentials or a wrong execution token. */
	UNAUTHENTICATED(401),
	/** 403: the caller's role in the request's department does not allow it. */
	FORBIDDEN(403),
	/** 404: no such resource (in the request's department), route or department. */
	NOT_FOUND(404),
	/** 405: the route does not take this method. */
	METHOD_NOT_ALLOWED(405),
	/** 406: none of the accepted media types can be answered. */
	NOT_ACCEPTABLE(406),
	/**
	 * 409: conflicts with the current state (a taken name, a stale version, a run that
	 * ended).
	 */
	CONFLICT(409),
	/**
	 * 413: the body is larger than the route takes ({@code crony.web.request-limits}).
	 */
	PAYLOAD_TOO_LARGE(413),
	/** 415: the body must be {@code application/json}. */
	UNSUPPORTED_MEDIA_TYPE(415),
	/** 429: too many attempts; {@code Retry-After} says when to try again. */
	RATE_LIMITED(429),
	/** Any other 4xx. */
	REQUEST_REFUSED(0),
	/** 500: unexpected; the server log has the details. */
	INTERNAL_ERROR(500),
	/** 503: a dependency (the database, etcd) cannot answer now; try again later. */
	UNAVAILABLE(503);

	private final int status;

	ProblemCode(int status) {
		this.status = status;
	}

	/** The code of a problem answered with this status. */
	public static ProblemCode of(HttpStatusCode status) {
		for (ProblemCode code : values()) {
			if (code.status == status.value()) {
				return code;
			}
		}
		return status.is4xxClientError() ? REQUEST_REFUSED : INTERNAL_ERROR;
	}

}
