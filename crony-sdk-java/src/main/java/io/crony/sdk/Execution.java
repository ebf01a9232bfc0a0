package io.crony.sdk;

import java.util.Objects;

/**
 * Identifies a run for a report: its id and the token Crony handed to the target with it
 * (the {@code X-Crony-Token} header, or {@code report_token} over gRPC).
 *
 * @param id the execution id
 * @param token the report token, passed back unchanged
 */
public record Execution(long id, String token) {

	public Execution {
		Objects.requireNonNull(token, "token");
	}

	@Override
	public String toString() {
		// The token proves the right to report on the run: keep it out of logs.
		return "Execution[id=" + this.id + "]";
	}

}
