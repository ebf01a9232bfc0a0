package io.crony.sdk;

import java.util.List;

/**
 * The run had already finished when the report arrived. crony-web says so with
 * {@code applied=false} (status 200), which a client returns as an answer;
 * {@link ReportResponse#requireApplied()} throws this for callers who want an exception.
 * A refusal with HTTP 409 is this exception too.
 */
public final class AlreadyFinishedException extends CronyRefusedException {

	private final String runStatus;

	AlreadyFinishedException(int status, String title, String detail, List<FieldError> fieldErrors, String runStatus) {
		super(status, title, detail == null && runStatus != null ? "the run had already ended " + runStatus : detail,
				fieldErrors);
		this.runStatus = runStatus;
	}

	/** How the run had ended (TIMED_OUT, CANCELLED, ...), when crony-web said. */
	public String runStatus() {
		return this.runStatus;
	}

}
