package io.crony.agent.execution;

import java.time.Instant;
import java.util.List;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FoldedRecordsTest {

	private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

	@Test
	void runThatStartedAndFinishedInTheBatchIsOneFinishWithItsFirstStart() {
		ExecutionRecord.Claimed claim = new ExecutionRecord.Claimed(1, "a", AT, "agent", TriggerType.CRON, null, AT);
		ExecutionRecord.Started first = started(1, "agent", 1, AT.plusMillis(3));
		ExecutionRecord.Started retry = started(1, "agent", 2, AT.plusMillis(40));
		ExecutionRecord.Started other = started(2, "agent", 1, AT.plusMillis(5));
		ExecutionRecord.Finished finish = finished(1, "agent", 2);

		FoldedRecords folded = FoldedRecords.of(List.of(claim, first, other, retry, finish));

		assertThat(folded.records()).containsExactly(claim, other, finish);
		assertThat(folded.startedAt(finish)).isEqualTo(AT.plusMillis(3));
	}

	@Test
	void finishWithoutItsStartInTheBatchKeepsTheStartedTimeOfTheRow() {
		ExecutionRecord.Finished finish = finished(1, "agent", 1);

		FoldedRecords folded = FoldedRecords.of(List.of(started(2, "agent", 1, AT), finish));

		assertThat(folded.records()).hasSize(2);
		assertThat(folded.startedAt(finish)).isNull();
	}

	@Test
	void startOfAnotherAgentIsNotFolded() {
		ExecutionRecord.Started start = started(1, "old-holder", 1, AT);
		ExecutionRecord.Finished finish = finished(1, "agent", 1);

		FoldedRecords folded = FoldedRecords.of(List.of(start, finish));

		assertThat(folded.records()).containsExactly(start, finish);
		assertThat(folded.startedAt(finish)).isNull();
	}

	@Test
	void aRunWrittenOnceThatEndedInTheBatchIsOneInsertOfItsClosedRow() {
		ExecutionRecord.Opened first = opened(1, "agent", 1);
		ExecutionRecord.Opened retry = opened(1, "agent", 2);
		ExecutionRecord.Opened going = opened(2, "agent", 1);
		ExecutionRecord.Closed closed = closed(1, "agent");

		FoldedRecords folded = FoldedRecords.of(List.of(first, going, retry, closed));

		assertThat(folded.records()).containsExactly(going, closed);
	}

	@Test
	void aRunningInsertOfAnotherAgentIsNotDropped() {
		ExecutionRecord.Opened opened = opened(1, "old-holder", 1);
		ExecutionRecord.Closed closed = closed(1, "agent");

		assertThat(FoldedRecords.of(List.of(opened, closed)).records()).containsExactly(opened, closed);
	}

	private static ExecutionRecord.Opened opened(long job, String agent, int attempt) {
		return new ExecutionRecord.Opened(7000 + job, job, "job-" + job, AT, agent, TriggerType.CRON, null, attempt,
				AT.plusMillis(attempt), null);
	}

	private static ExecutionRecord.Closed closed(long job, String agent) {
		return new ExecutionRecord.Closed(7000 + job, job, "job-" + job, AT, agent, TriggerType.CRON, null,
				ExecutionStatus.SUCCEEDED, 1, "ok", null, AT.plusMillis(1), AT.plusMillis(90), null, null, null);
	}

	private static ExecutionRecord.Started started(long job, String agent, int attempt, Instant at) {
		return new ExecutionRecord.Started(job, AT, agent, attempt, at);
	}

	private static ExecutionRecord.Finished finished(long job, String agent, int attempt) {
		return new ExecutionRecord.Finished(job, AT, agent, ExecutionStatus.SUCCEEDED, attempt, "ok", null,
				AT.plusMillis(90));
	}

}
