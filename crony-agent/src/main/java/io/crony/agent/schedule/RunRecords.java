package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonJson;
import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.opentelemetry.context.Scope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record stage: what each step of a run leaves behind, in this order: the execution
 * record (handed to the {@link RecordWriter}, which writes them in batches and spools
 * them while the database is away), the meters, the log line, and last the run listener
 * (alerts), so a listener's failure never costs a record.
 */
final class RunRecords {

	private static final Logger logger = LoggerFactory.getLogger(RunRecords.class);

	private final RecordWriter records;

	private final AgentMetrics metrics;

	private final String agentId;

	private final Clock clock;

	private final RunListener listener;

	RunRecords(RecordWriter records, AgentMetrics metrics, String agentId, Clock clock, RunListener listener) {
		this.records = records;
		this.metrics = metrics;
		this.agentId = agentId;
		this.clock = clock;
		this.listener = listener;
	}

	/**
	 * An attempt of the run begins. A fire whose record is written once
	 * ({@link Fire#writtenOnce}) has no row yet: its start is the row's RUNNING insert,
	 * which the record writer keeps back for the start hold and drops if the run ends
	 * within it.
	 */
	void started(Run run, int attempt) {
		Fire fire = run.fire;
		Instant now = this.clock.instant();
		if (run.firstStartedAt == null) {
			run.firstStartedAt = now;
		}
		if (fire.writtenOnce) {
			this.records.submit(new ExecutionRecord.Opened(fire.executionId, fire.job.id(), fire.job.spec.name(),
					fire.scheduledAt, this.agentId, fire.trigger, fire.params, attempt, now, run.traceId));
		}
		else {
			this.records.submit(new ExecutionRecord.Started(fire.job.id(), fire.scheduledAt, this.agentId, attempt, now,
					run.traceId));
		}
		FireMdc.debug(logger, fire,
				() -> logger.debug("Run of job {} at {} attempt {} started", fire.job.id(), fire.scheduledAt, attempt));
	}

	/** The run reached its final outcome. */
	void finished(Run run, AttemptResult outcome) {
		Fire fire = run.fire;
		Instant now = this.clock.instant();
		int attempts = Math.max(1, run.attempt);
		if (fire.writtenOnce) {
			this.records.submit(closed(fire, outcome.status(), attempts, outcome.output(), outcome.error(),
					run.firstStartedAt, now, outcome.outputs(), ReasonJson.write(outcome.reason()), run.traceId));
		}
		else {
			this.records.submit(new ExecutionRecord.Finished(fire.job.id(), fire.scheduledAt, this.agentId,
					outcome.status(), attempts, outcome.output(), outcome.error(), now, outcome.outputs(),
					ReasonJson.write(outcome.reason()), run.traceId));
		}
		this.metrics.run(outcome.status());
		// the run's span current while it is timed: a sampled run's trace id is the
		// exemplar of its bucket
		try (Scope timed = RunTracing.current(run.span)) {
			this.metrics.runDuration(outcome.status(),
					Duration.ofMillis(Math.max(0, now.toEpochMilli() - run.startedAtMillis)));
		}
		// a success is the common case: at thousands of runs a second it logs at debug
		if (outcome.succeeded()) {
			FireMdc.debug(logger, fire, () -> logger.debug("Run of job {} at {} succeeded after {} attempt(s)",
					fire.job.id(), fire.scheduledAt, attempts));
		}
		else {
			FireMdc.with(fire, () -> logger.info("Run of job {} at {} ended {} after {} attempt(s): {}", fire.job.id(),
					fire.scheduledAt, outcome.status(), attempts, outcome.error()));
		}
		try {
			this.listener.finished(new RunListener.FinishedRun(run.spec, fire.executionId, fire.scheduledAt,
					fire.trigger, outcome.status(), attempts, outcome.error(), now));
		}
		catch (RuntimeException ex) {
			FireMdc.with(fire, () -> logger.warn("Run listener failed: {}", ex.getMessage(), ex));
		}
	}

	/**
	 * A fire that does not run: SKIPPED (a policy said so), MISSED (its instant passed
	 * without a run) or CANCELLED (its job went away while it waited).
	 */
	void notRun(Fire fire, ExecutionStatus status, String why) {
		notRun(fire, status, why, null);
	}

	/** {@link #notRun(Fire, ExecutionStatus, String)} with its reason as a code. */
	void notRun(Fire fire, ExecutionStatus status, Reason why) {
		notRun(fire, status, why.text(), why);
	}

	private void notRun(Fire fire, ExecutionStatus status, String why, Reason reason) {
		FireMdc.with(fire, () -> logger.info("Run of job {} at {} {}: {}", fire.job.id(), fire.scheduledAt,
				status.name().toLowerCase(Locale.ROOT), why));
		Instant now = this.clock.instant();
		if (fire.writtenOnce) {
			this.records.submit(closed(fire, status, 1, null, why, null, now, null, ReasonJson.write(reason), null));
		}
		else {
			this.records.submit(new ExecutionRecord.Finished(fire.job.id(), fire.scheduledAt, this.agentId, status, 1,
					null, why, now, null, ReasonJson.write(reason)));
		}
		this.metrics.run(status);
	}

	// the whole record of a fire written once: its closed row, with the id it was called
	// with
	private ExecutionRecord.Closed closed(Fire fire, ExecutionStatus status, int attempts, String output, String error,
			Instant startedAt, Instant at, String outputs, String reason, String traceId) {
		return new ExecutionRecord.Closed(fire.executionId, fire.job.id(), fire.job.spec.name(), fire.scheduledAt,
				this.agentId, fire.trigger, fire.params, status, attempts, output, error, startedAt, at, outputs,
				reason, traceId);
	}

}
