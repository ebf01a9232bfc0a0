package io.crony.web.error;

import java.util.List;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * An expected failure of a request, answered with its status and a problem detail, and
 * logged at warn without a stack trace. Each feature throws small final subclasses
 * ({@code JobNotFoundException}, ...).
 */
public abstract class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final List<FieldProblem> errors;

	protected ApiException(HttpStatus status, String message) {
		this(status, message, List.of());
	}

	protected ApiException(HttpStatus status, String message, List<FieldProblem> errors) {
		super(message);
		this.status = status;
		this.errors = List.copyOf(errors);
	}

	public HttpStatus status() {
		return this.status;
	}

	public List<FieldProblem> errors() {
		return this.errors;
	}

	/** Headers the answer carries besides the problem ({@code Retry-After}, say). */
	public HttpHeaders headers() {
		return HttpHeaders.EMPTY;
	}

}
