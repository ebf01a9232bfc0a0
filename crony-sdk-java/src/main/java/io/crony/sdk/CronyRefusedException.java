package io.crony.sdk;

import java.util.List;

/**
 * crony-web refused a report: an HTTP status with the RFC 7807 problem details it sent.
 * The common refusals have their own types: {@link InvalidTokenException} (401/403),
 * {@link ExecutionNotFoundException} (404), {@link InvalidReportException} (400/422) and
 * {@link AlreadyFinishedException} (409). A refusal is never retried.
 */
public sealed class CronyRefusedException extends CronyException
		permits InvalidTokenException, ExecutionNotFoundException, InvalidReportException, AlreadyFinishedException {

	private final int status;

	private final String title;

	private final String detail;

	private final List<FieldError> fieldErrors;

	CronyRefusedException(int status, String title, String detail, List<FieldError> fieldErrors) {
		super(describe(status, title, detail, fieldErrors), null);
		this.status = status;
		this.title = title;
		this.detail = detail;
		this.fieldErrors = List.copyOf(fieldErrors);
	}

	/** The refusal for an HTTP status, of the type that status stands for. */
	static CronyRefusedException of(int status, String title, String detail, List<FieldError> errors) {
		return switch (status) {
			case 401, 403 -> new InvalidTokenException(status, title, detail, errors);
			case 404 -> new ExecutionNotFoundException(status, title, detail, errors);
			case 400, 422 -> new InvalidReportException(status, title, detail, errors);
			case 409 -> new AlreadyFinishedException(status, title, detail, errors, null);
			default -> new CronyRefusedException(status, title, detail, errors);
		};
	}

	/** The HTTP status of the refusal; 0 for a report refused before it was sent. */
	public int status() {
		return this.status;
	}

	/** The problem's title, or {@code null}. */
	public String title() {
		return this.title;
	}

	/**
	 * The problem's detail (or the start of a body that was no problem details), or
	 * {@code null}.
	 */
	public String detail() {
		return this.detail;
	}

	/** The fields crony-web named as bad; empty when it named none. */
	public List<FieldError> fieldErrors() {
		return this.fieldErrors;
	}

	private static String describe(int status, String title, String detail, List<FieldError> errors) {
		StringBuilder text = new StringBuilder("crony: ").append(status);
		if (title != null && !title.isBlank()) {
			text.append(' ').append(title);
		}
		if (detail != null && !detail.isBlank()) {
			text.append(": ").append(detail);
		}
		for (int i = 0; i < errors.size(); i++) {
			text.append(i == 0 ? " (" : ", ")
				.append(errors.get(i).field())
				.append(": ")
				.append(errors.get(i).message());
		}
		return errors.isEmpty() ? text.toString() : text.append(')').toString();
	}

}
