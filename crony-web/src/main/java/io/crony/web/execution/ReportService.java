package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OutputCap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import org.springframework.stereotype.Service;

/**
 * Results and progress reported by targets (through an SDK, over REST or gRPC): the token
 * is checked first (a wrong one says nothing about whether the execution exists), then
 * the row changes only while the run is RUNNING. Like every request's write to
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

	ReportResponse result(long id, String token, ResultReport report) {
		checkToken(id, token);
		boolean succeeded = report.outcome() == ResultReport.ReportedOutcome.SUCCEEDED;
		String error = succeeded ? null : (report.message() != null) ? report.message() : "Reported FAILED";
		String status = succeeded ? ExecutionStatus.SUCCEEDED.name() : ExecutionStatus.FAILED.name();
		// larger output keeps its head and a marker, like what agents record
		String output = OutputCap.cap(report.output(), this.outputLimit);
		int changed = this.retry.call("recording the reported result",
				() -> this.reports.finish(id, status, output, error, report.message(), Instant.now()));
		ReportResponse response = answer(id, changed, status, report.message());
		withMdc(id, () -> log.info("Execution {} result {} reported: applied={}, status {}", id, report.outcome(),
				response.applied(), response.status()));
		return response;
	}

	ReportResponse progress(long id, String token, ProgressReport report) {
		checkToken(id, token);
		if (report.movesTheRun()) {
			return progressAndMove(id, report);
		}
		int changed = this.retry.call("recording the reported progress", () -> this.reports.progress(id,
				report.progress(), report.resumePayload(), report.message(), Instant.now()));
		ReportResponse response = answer(id, changed, ExecutionStatus.RUNNING.name(), report.message());
		withMdc(id, () -> log.debug("Execution {} progress {} reported: applied={}", id, report.progress(),
				response.applied()));
		return response;
	}

	/**
	 * Progress with {@code rebalance}: stored with the move request the run's agent acts
	 * on. A run that is RUNNING but not ASYNC changes nothing: no agent waits on its
	 * reports, so none could move it.
	 */
	private ReportResponse progressAndMove(long id, ProgressReport report) {
		int changed = this.retry.call("recording the reported move", () -> this.reports.progressAndMove(id,
				report.progress(), report.resumePayload(), report.message(), Instant.now()));
		ReportResponse response;
		if (changed == 1) {
			response = new ReportResponse(true, ExecutionStatus.RUNNING.name(),
					"Execution " + id + " moves to another instance");
		}
		else {
			response = answer(id, changed, ExecutionStatus.RUNNING.name(), report.message());
			if (ExecutionStatus.RUNNING.name().equals(response.status())) {
				response = new ReportResponse(false, response.status(), "Execution " + id
						+ " is not an ASYNC run: only a run whose target answered ACCEPTED can move; nothing changed");
			}
		}
		ReportResponse answered = response;
		withMdc(id, () -> log.info("Execution {} asked to move at {}%: applied={}", id, report.progress(),
				answered.applied()));
		return answered;
	}

	private void checkToken(long id, String token) {
		if (!this.secret.tokens().verify(id, token)) {
			throw new WrongExecutionTokenException(id);
		}
	}

	/**
	 * @param applied the status an applied report leaves (the row is read only when the
	 * report changed nothing)
	 */
	private ReportResponse answer(long id, int changed, String applied, String message) {
		if (changed == 1) {
			return new ReportResponse(true, applied, message);
		}
		String status = this.reports.status(id);
		if (status == null) {
			throw new ExecutionNotFoundException(id);
		}
		return new ReportResponse(false, status, "Execution " + id + " is " + status + "; the report changed nothing");
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
