package io.crony.sdk;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Identifies a run for a report: its id and the token Crony handed to the target with it
 * (the {@code X-Crony-Token} header, or {@code report_token} over gRPC), and the W3C
 * trace context the call came with, which reports carry on so crony-web's spans join the
 * run's trace.
 *
 * @param id the execution id
 * @param token the report token, passed back unchanged
 * @param traceparent the call's {@code traceparent} ({@code 00-<32 hex>-<16 hex>-<2
 * hex>}); null when it had none or one not of that form (dropped, never an error)
 */
public record Execution(long id, String token, String traceparent) {

	private static final Pattern TRACEPARENT = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

	public Execution {
		Objects.requireNonNull(token, "token");
		traceparent = (traceparent != null && TRACEPARENT.matcher(traceparent.strip()).matches()
				&& !traceparent.startsWith("ff")) ? traceparent.strip() : null;
	}

	/** A run reported on without a trace context. */
	public Execution(long id, String token) {
		this(id, token, null);
	}

	@Override
	public String toString() {
		// The token proves the right to report on the run: keep it out of logs.
		return "Execution[id=" + this.id + "]";
	}

}
