package io.crony.example.javasample;

import java.io.IOException;
import java.time.Instant;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.crony.sdk.CronyException;
import io.crony.sdk.CronyRefusedException;
import io.crony.sdk.Progress;
import io.crony.sdk.ReportResponse;
import io.crony.sdk.Result;
import io.crony.sdk.spring.CronyJob;
import io.crony.sdk.spring.JobContext;

/**
 * A long ASYNC job that moves: it exports items batch by batch from the offset in the
 * resume payload ({@code {"offset":100000}}; 0 on a first attempt), reporting the next
 * offset as resume payload after every batch. When the instance drains it asks Crony to
 * move the run to another instance with the current offset and stops: that instance is
 * called with the next attempt number and this offset, and goes on from there. Params:
 * {@code {"items":1000000,"batch":100000}} (these are the defaults).
 */
@Component
class LedgerJobs {

	private static final Logger log = LoggerFactory.getLogger(LedgerJobs.class);

	private final SampleProperties properties;

	private final Drain drain;

	private final ObjectMapper json;

	LedgerJobs(SampleProperties properties, Drain drain, ObjectMapper json) {
		this.properties = properties;
		this.drain = drain;
		this.json = json;
	}

	@CronyJob(value = "export-ledger", async = true)
	Result exportLedger(JobContext context) throws InterruptedException {
		LedgerParams params = context.params(LedgerParams.class);
		int items = (params != null && params.items() != null) ? params.items() : 1_000_000;
		int batch = (params != null && params.batch() != null) ? params.batch() : 100_000;
		if (items < 0 || batch <= 0) {
			return Result.failed("params: items " + items + " must be >= 0 and batch " + batch + " > 0");
		}
		int offset = context.resumePayload().map((payload) -> offset(payload, items)).orElse(0);
		int from = offset;
		while (offset < items) {
			// the wait stands in for the real work on one batch; a drain cuts it short
			if (this.drain.awaitDraining(this.properties.step())) {
				return move(context, offset, items);
			}
			if (context.deadline().map(Instant.now()::isAfter).orElse(false)) {
				return Result.failed("deadline passed at offset " + offset);
			}
			offset = Math.min(offset + batch, items);
			try {
				ReportResponse response = context.reportProgress(
						new Progress(percent(offset, items), payload(offset), "exported " + offset + " of " + items));
				if (!response.applied()) {
					return Result.failed("run already " + response.status() + " at offset " + offset);
				}
			}
			catch (CronyRefusedException ex) {
				return Result.failed("crony-web refused progress: " + ex.getMessage());
			}
			catch (CronyException ex) {
				log.warn("Execution {} progress not reported: {}", context.executionId(), ex.getMessage());
			}
		}
		return Result.succeeded("exported items " + from + ".." + items + " on attempt " + context.attempt());
	}

	/**
	 * Asks Crony to carry the run on at another instance from {@code offset}. Once that
	 * is applied, answering {@link Result#accepted()} makes the starter report nothing: a
	 * result would end the run that now goes on elsewhere. If it cannot be asked, the
	 * attempt fails and the job's retry policy resumes from the last offset reported.
	 */
	private Result move(JobContext context, int offset, int items) {
		ReportResponse response;
		try {
			response = context.reportProgress(Progress.rebalance(percent(offset, items), payload(offset)));
		}
		catch (CronyException ex) {
			return Result.failed("draining at offset " + offset + ", could not move the run: " + ex.getMessage());
		}
		if (!response.applied()) {
			return Result.failed("run already " + response.status() + " at offset " + offset);
		}
		log.info("Execution {} moved to another instance at offset {}", context.executionId(), offset);
		return Result.accepted();
	}

	private int offset(String payload, int items) {
		try {
			int offset = this.json.readValue(payload, LedgerPosition.class).offset();
			if (offset >= 0 && offset <= items) {
				return offset;
			}
		}
		catch (IOException | RuntimeException ex) {
			// not a position: refused below
		}
		throw new IllegalArgumentException("resume payload " + payload + " is not an offset within 0.." + items);
	}

	private String payload(int offset) {
		try {
			return this.json.writeValueAsString(new LedgerPosition(offset));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static int percent(int done, int total) {
		return (total == 0) ? 100 : (int) ((long) done * 100 / total);
	}

	/** The job's params. */
	record LedgerParams(Integer items, Integer batch) {
	}

	/** The resume payload: the next item to export. */
	record LedgerPosition(int offset) {
	}

}
