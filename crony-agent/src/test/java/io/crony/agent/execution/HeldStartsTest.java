package io.crony.agent.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A start record kept back goes in front of its fire's next record, comes out by itself
 * once its hold ran out, and nothing is kept back when the writer says so.
 */
class HeldStartsTest {

	private static final long HOLD = TimeUnit.SECONDS.toNanos(1);

	private static final Instant AT = Instant.parse("2026-05-01T10:00:00Z");

	private final HeldStarts held = new HeldStarts(HOLD);

	@Test
	void aStartKeptBackIsWrittenInFrontOfItsFinishInALaterBatch() {
		List<ExecutionRecord> first = batch(started(1), finished(2));
		this.held.sort(first, 0, false);
		assertThat(first).containsExactly(finished(2));

		List<ExecutionRecord> later = batch(finished(3), finished(1));
		this.held.sort(later, HOLD / 2, false);
		assertThat(later).containsExactly(finished(3), started(1), finished(1));
		assertThat(this.held.size()).isZero();
	}

	@Test
	void aStartWhoseRunLastsLongerThanTheHoldIsWrittenWhenTheHoldRunsOut() {
		this.held.sort(batch(started(1)), 0, false);
		this.held.sort(batch(started(2)), HOLD / 2, false);

		List<ExecutionRecord> before = batch();
		this.held.sort(before, HOLD - 1, false);
		assertThat(before).isEmpty();

		List<ExecutionRecord> due = batch();
		this.held.sort(due, HOLD, false);
		assertThat(due).containsExactly(started(1));
		assertThat(this.held.size()).isEqualTo(1);
	}

	@Test
	void everyStartOfARetriedRunStaysInItsOrder() {
		this.held.sort(batch(started(1)), 0, false);
		this.held.sort(batch(startedAgain(1)), 10, false);
		List<ExecutionRecord> end = batch(finished(1));
		this.held.sort(end, 20, false);
		assertThat(end).containsExactly(started(1), startedAgain(1), finished(1));
	}

	@Test
	void nothingIsKeptBackWhenTheWriterSpoolsOrStops() {
		this.held.sort(batch(started(1)), 0, false);
		List<ExecutionRecord> all = batch(started(2), finished(3));
		this.held.sort(all, 1, true);
		assertThat(all).containsExactly(started(2), finished(3), started(1));
		assertThat(this.held.size()).isZero();
	}

	@Test
	void withoutAHoldABatchIsLeftAsItIs() {
		HeldStarts none = new HeldStarts(0);
		List<ExecutionRecord> records = batch(started(1), finished(2));
		none.sort(records, 0, false);
		assertThat(records).containsExactly(started(1), finished(2));
	}

	@Test
	void aStartOfARecordWrittenOnceIsKeptBackAsAStartIs() {
		ExecutionRecord opened = new ExecutionRecord.Opened(7001, 1, "job", AT, "a", TriggerType.CRON, null, 1, AT,
				null);
		List<ExecutionRecord> first = batch(opened);
		this.held.sort(first, 0, false);
		assertThat(first).isEmpty();

		ExecutionRecord closed = new ExecutionRecord.Closed(7001, 1, "job", AT, "a", TriggerType.CRON, null,
				ExecutionStatus.SUCCEEDED, 1, "ok", null, AT, AT.plusMillis(90), null, null, null);
		List<ExecutionRecord> end = batch(closed);
		this.held.sort(end, HOLD / 2, false);
		// in front of its closed record, which FoldedRecords then writes alone
		assertThat(end).containsExactly(opened, closed);
	}

	private static List<ExecutionRecord> batch(ExecutionRecord... records) {
		return new ArrayList<>(List.of(records));
	}

	private static ExecutionRecord started(long jobId) {
		return new ExecutionRecord.Started(jobId, AT, "a", 1, AT);
	}

	private static ExecutionRecord startedAgain(long jobId) {
		return new ExecutionRecord.Started(jobId, AT, "a", 2, AT.plusSeconds(1));
	}

	private static ExecutionRecord finished(long jobId) {
		return new ExecutionRecord.Finished(jobId, AT, "a", ExecutionStatus.SUCCEEDED, 1, "ok", null, AT);
	}

}
