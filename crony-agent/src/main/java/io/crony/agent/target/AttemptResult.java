package io.crony.agent.target;

import io.crony.common.reason.Reason;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OutputCap;
import io.crony.common.output.OutputsException;
import io.crony.common.output.RunOutputs;

/**
 * How one attempt ended.
 *
 * @param status SUCCEEDED, FAILED, TIMED_OUT or CANCELLED; RUNNING when an async target
 * accepted the run and reports its result later
 * @param output the target's answer (capped)
 * @param error why it failed, null on success
 * @param movedFrom set when the run goes on in another attempt elsewhere (its instance
 * asked to move it, or left the registry): the address ({@code host:port}) the next
 * attempt must avoid
 * @param outputs what a successful attempt published for downstream jobs, compact JSON
 * ({@link RunOutputs}); null for nothing
 * @param reason the error as a reason code, when the platform wrote it (a cancel, a
 * deadline) rather than the target; null otherwise
 */
public record AttemptResult(ExecutionStatus status, String output, String error, String movedFrom, String outputs,
		Reason reason) {

	public AttemptResult(ExecutionStatus status, String output, String error, String movedFrom) {
		this(status, output, error, movedFrom, null, null);
	}

	public AttemptResult(ExecutionStatus status, String output, String error) {
		this(status, output, error, null, null, null);
	}

	/** An end the platform gave the run, its error the reason's English sentence. */
	public static AttemptResult noted(ExecutionStatus status, Reason reason) {
		return new AttemptResult(status, null, reason.text(), null, null, reason);
	}

	/**
	 * A successful answer with the outputs its body publishes (the {@code outputs} member
	 * of a JSON object); outputs that cannot be published (not an object, over the limit)
	 * fail the attempt, saying why, rather than being cut or dropped unseen.
	 * @param body the whole body, before any cap
	 */
	public AttemptResult publishing(String body) {
		if (!succeeded()) {
			return this;
		}
		try {
			String published = RunOutputs.fromAnswer(body);
			return (published == null) ? this
					: new AttemptResult(this.status, this.output, this.error, this.movedFrom, published, this.reason);
		}
		catch (OutputsException ex) {
			return new AttemptResult(ExecutionStatus.FAILED, this.output, "outputs not published: " + ex.getMessage());
		}
	}

	public static AttemptResult failed(String error) {
		return new AttemptResult(ExecutionStatus.FAILED, null, error);
	}

	/** An async target took the run; its result comes later through a report. */
	public static AttemptResult accepted(String output) {
		return new AttemptResult(ExecutionStatus.RUNNING, output, null);
	}

	/**
	 * The run moves on to a new attempt at another instance, resuming from its last
	 * reported payload; the attempt that moved does not count against the retry policy.
	 * @param why why it moved: the attempt's note in its run's chain, in English and as
	 * the code a reader's language words
	 */
	public static AttemptResult moved(String address, Reason why) {
		return new AttemptResult(ExecutionStatus.RUNNING, null, why.text(), address, null, why);
	}

	public boolean moved() {
		return this.movedFrom != null;
	}

	public boolean accepted() {
		return this.status == ExecutionStatus.RUNNING && this.movedFrom == null;
	}

	public boolean succeeded() {
		return this.status == ExecutionStatus.SUCCEEDED;
	}

	/**
	 * Keeps at most {@code limit} bytes' worth of text (whole characters), with a marker
	 * saying how much was dropped.
	 */
	public static String cap(String text, int limit) {
		return OutputCap.cap(text, limit);
	}

}
