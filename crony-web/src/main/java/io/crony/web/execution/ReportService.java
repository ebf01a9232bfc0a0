package io.crony.web.execution;

import java.time.Instant;
import java.util.OptionalInt;

import io.crony.web.db.LockRetry;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.ExecutionTokens;
import io.crony.common.execution.OutputCap;
import io.crony.common.output.OutputsException;
import io.crony.common.output.RunOutputs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import org.springframework.stereotype.Service;

/**
 * Results and progress reported by targets (through an SDK, over REST or gRPC): the token
 * is checked first (a wrong one says nothing about whether the execution exists), then
 * the row changes only while the run is RUNNING at the attempt the token was made for: a
 * superseded attempt (the run moved to another instance, or was tried again) holds a
 * genuine token, so it is answered {@code applied: false} rather than refused. A legacy
 * per-execution token, made by agents before tokens were per attempt, proves no attempt
 * and applies to whichever attempt is running. Like every request's write to
 * {@code execution}, a report that loses a lock to the agents' batched writes is tried
 * again ({@link LockRetry}) and answered 503 when it keeps losing.
 */
@Service
class ReportService {

	private static final Logger log = LoggerFactory.getLogger(ReportService.class);

	private final ReportMapper reports;

	private final ExecutionTokenSecret secret;

	private final LockRetry retry;

	private final int outputLimit;

	ReportService(ReportMapper reports, ExecutionTokenSecret secret, LockRetry retry, ReportProperties properties) {
		this.reports = reports;
		this.secret = secret;
		this.retry = retry;
		this.outputLimit = properties.outputLimit();
	}

	/**
	 * @param outputsJson the outputs the run publishes, a JSON object as text; null or
	 * empty for none
	 */
	ReportResponse result(long id, String token, ResultReport report, String outputsJson) {
		int attempt = checkToken(id, token);
		boolean succeeded = report.outcome() == ResultReport.ReportedOutcome.SUCCEEDED;
		String error = succeeded ? null : (report.message() != null) ? report.message() : "Reported FAILED";
		String outputs = null;
		if (succeeded) {
			try {
				outputs = RunOutputs.publish(outputsJson);
			}
			catch (OutputsException ex) {
				// never cut, never dropped unseen: the run fails, saying why
				succeeded = false;
				error = "outputs not published: " + ex.getMessage();
			}
		}
		String status = succeeded ? ExecutionStatus.SUCCEEDED.name() : ExecutionStatus.FAILED.name();
		// larger output keeps its head and a marker, like what agents record
		String output = OutputCap.cap(report.output(), this.outputLimit);
		String published = outputs;
		String failure = error;
		int changed = this.retry.call("recording the reported result", () -> this.reports.finish(id, attempt, status,
				output, failure, report.message(), published, Instant.now()));
		ReportResponse response = answer(id, attempt, changed, status, report.message());
		withMdc(id, () -> log.info("Execution {} result {} reported: applied={}, status {}", id, report.outcome(),
				response.applied(), response.status()));
		return response;
	}

	ReportResponse progress(long id, String token, ProgressReport report) {
		int attempt = checkToken(id, token);
		if (report.movesTheRun()) {
			return progressAndMove(id, attempt, report);
		}
		int changed = this.retry.call("recording the reported progress", () -> this.reports.progress(id, attempt,
				report.progress(), report.resumePayload(), report.message(), Instant.now()));
		ReportResponse response = answer(id, attempt, changed, ExecutionStatus.RUNNING.name(), report.message());
		withMdc(id, () -> log.debug("Execution {} progress {} reported: applied={}", id, report.progress(),
				response.applied()));
		return response;
	}

	/**
	 * Progress with {@code rebalance}: stored with the move request the run's agent acts
	 * on. A run that is RUNNING but not ASYNC changes nothing: no agent waits on its
	 * reports, so none could move it.
	 */
	private ReportResponse progressAndMove(long id, int attempt, ProgressReport report) {
		int changed = this.retry.call("recording the reported move", () -> this.reports.progressAndMove(id, attempt,
				report.progress(), report.resumePayload(), report.message(), Instant.now()));
		ReportResponse response;
		if (changed == 1) {
			response = new ReportResponse(true, ExecutionStatus.RUNNING.name(),
					"Execution " + id + " moves to another instance");
		}
		else {
			ReportMapper.Row row = row(id);
			if (ExecutionStatus.RUNNING.name().equals(row.status()) && !superseded(attempt, row)) {
				response = new ReportResponse(false, row.status(), "Execution " + id
						+ " is not an ASYNC run: only a run whose target answered ACCEPTED can move; nothing changed");
			}
			else {
				response = unchanged(id, attempt, row);
			}
		}
		ReportResponse answered = response;
		withMdc(id, () -> log.info("Execution {} asked to move at {}%: applied={}", id, report.progress(),
				answered.applied()));
		return answered;
	}

	/**
	 * @return the attempt the token was made for, {@link ExecutionTokens#LEGACY} for a
	 * legacy per-execution token
	 */
	private int checkToken(long id, String token) {
		OptionalInt attempt = this.secret.tokens().verify(id, token);
		if (attempt.isEmpty()) {
			throw new WrongExecutionTokenException(id);
		}
		return attempt.getAsInt();
	}

	/**
	 * @param attempt the attempt the report's token was made for
	 * @param applied the status an applied report leaves (the row is read only when the
	 * report changed nothing)
	 */
	private ReportResponse answer(long id, int attempt, int changed, String applied, String message) {
		if (changed == 1) {
			return new ReportResponse(true, applied, message);
		}
		return unchanged(id, attempt, row(id));
	}

	private ReportResponse unchanged(long id, int attempt, ReportMapper.Row row) {
		if (superseded(attempt, row)) {
			// the row's attempt is behind only before the agent recorded the new attempt
			String where = (row.attempt() > attempt) ? " has gone on as attempt " : " is at attempt ";
			return new ReportResponse(false, row.status(), "Execution " + id + where + row.attempt() + " ("
					+ row.status() + "); the report of attempt " + attempt + " changed nothing");
		}
		return new ReportResponse(false, row.status(),
				"Execution " + id + " is " + row.status() + "; the report changed nothing");
	}

	private ReportMapper.Row row(long id) {
		ReportMapper.Row row = this.reports.row(id);
		if (row == null) {
			throw new ExecutionNotFoundException(id);
		}
		return row;
	}

	/** Whether the run has gone on from the attempt a per-attempt token was made for. */
	private static boolean superseded(int attempt, ReportMapper.Row row) {
		return attempt != ExecutionTokens.LEGACY && row.attempt() != attempt;
	}

	private static void withMdc(long id, Runnable logLine) {
		MDC.put("executionId", Long.toString(id));
		try {
			logLine.run();
		}
		finally {
			MDC.remove("executionId");
		}
	}

}
