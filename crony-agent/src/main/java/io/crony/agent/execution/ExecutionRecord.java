package io.crony.agent.execution;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;

/**
 * A change to one execution row, named by its natural key {@code (jobId, scheduledAt)}
 * rather than its id, so a record made while the database was unreachable (no id known)
 * is written the same way as any other. Every record is idempotent: writing it twice
 * leaves the row as writing it once, which makes spool replay safe.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(value = ExecutionRecord.Claimed.class, name = "claimed"),
		@JsonSubTypes.Type(value = ExecutionRecord.Started.class, name = "started"),
		@JsonSubTypes.Type(value = ExecutionRecord.Finished.class, name = "finished"),
		@JsonSubTypes.Type(value = ExecutionRecord.Closed.class, name = "closed"),
		@JsonSubTypes.Type(value = ExecutionRecord.Opened.class, name = "opened") })
public sealed interface ExecutionRecord {

	long jobId();

	Instant scheduledAt();

	/** The agent the record is of. */
	String agentId();

	/** A fire claimed while the database was unreachable: inserted on replay. */
	record Claimed(long jobId, String jobName, Instant scheduledAt, String agentId, TriggerType trigger, String params,
			Instant at) implements ExecutionRecord {
	}

	/**
	 * An attempt began.
	 *
	 * @param traceId the run's trace id (32 hex digits), null when the run is not traced
	 * (and in records spooled before it existed)
	 */
	record Started(long jobId, Instant scheduledAt, String agentId, int attempt, Instant at,
			String traceId) implements ExecutionRecord {

		public Started(long jobId, Instant scheduledAt, String agentId, int attempt, Instant at) {
			this(jobId, scheduledAt, agentId, attempt, at, null);
		}

	}

	/**
	 * The run ended (or was skipped).
	 *
	 * @param outputs what it published for its downstream jobs (compact JSON), null for
	 * nothing
	 * @param reason the error as a stored reason ({@code ReasonJson}) when the platform
	 * wrote it; null for a target's own answer (and in records spooled before it existed)
	 * @param traceId the run's trace id, as {@link Started#traceId()}: a run started and
	 * finished within one batch is written by its finish alone ({@link FoldedRecords})
	 */
	record Finished(long jobId, Instant scheduledAt, String agentId, ExecutionStatus status, int attempt, String output,
			String error, Instant at, String outputs, String reason, String traceId) implements ExecutionRecord {

		public Finished(long jobId, Instant scheduledAt, String agentId, ExecutionStatus status, int attempt,
				String output, String error, Instant at, String outputs, String reason) {
			this(jobId, scheduledAt, agentId, status, attempt, output, error, at, outputs, reason, null);
		}

		public Finished(long jobId, Instant scheduledAt, String agentId, ExecutionStatus status, int attempt,
				String output, String error, Instant at) {
			this(jobId, scheduledAt, agentId, status, attempt, output, error, at, null, null);
		}

	}

	/**
	 * A fire's whole record written once, at its run's end: the closed row inserted where
	 * its key has none ({@code RunTransition.INSERT_CLOSED}), or, where a row is there
	 * already (a replay, a row an older agent claimed, a MISSED the former holder's
	 * look-back wrote), the same outcome through the guard of a finish
	 * ({@link #asFinished}). A fire claimed by its job's window has no row before it
	 * (docs/scaling.md, "Plan" 3 (c)).
	 *
	 * @param id the execution id the run was called with (taken ahead,
	 * {@code ExecutionIds}); the row's own id where the key had a row already
	 * @param startedAt when its first attempt began, null when it never ran
	 * @param at when it ended
	 */
	record Closed(long id, long jobId, String jobName, Instant scheduledAt, String agentId, TriggerType trigger,
			String params, ExecutionStatus status, int attempt, String output, String error, Instant startedAt,
			Instant at, String outputs, String reason, String traceId) implements ExecutionRecord {

		public Closed {
			if (id <= 0) {
				throw new IllegalArgumentException("A record written once carries the id its run was called with");
			}
		}

		/** The same outcome as a finish of a row already there. */
		public Finished asFinished() {
			return new Finished(this.jobId, this.scheduledAt, this.agentId, this.status, this.attempt, this.output,
					this.error, this.at, this.outputs, this.reason, this.traceId);
		}

	}

	/**
	 * The start of a fire whose record is written once ({@link Closed}) when its run
	 * outlives the agent's {@code record-start-hold}: the row inserted RUNNING where its
	 * key has none ({@code RunTransition.INSERT_RUNNING}), or, where a row is there
	 * already, the same start through the guard of a start ({@link #asStarted}). The
	 * record writer keeps it back for the hold like a {@link Started}, and drops it when
	 * the fire's {@link Closed} comes within the hold: a run that ends within it is one
	 * insert of its closed row (docs/scaling.md, "Plan" 3 (c)).
	 *
	 * @param id the execution id the run is called with (taken ahead)
	 * @param at when the attempt began
	 * @param traceId the run's trace id, null when the run is not traced
	 */
	record Opened(long id, long jobId, String jobName, Instant scheduledAt, String agentId, TriggerType trigger,
			String params, int attempt, Instant at, String traceId) implements ExecutionRecord {

		public Opened {
			if (id <= 0) {
				throw new IllegalArgumentException("A record written once carries the id its run was called with");
			}
		}

		/** The same start as a start of a row already there. */
		public Started asStarted() {
			return new Started(this.jobId, this.scheduledAt, this.agentId, this.attempt, this.at, this.traceId);
		}

	}

}
