package io.crony.agent.execution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SpoolTest {

	@TempDir
	Path dir;

	@Test
	void readsBackEveryRecordInOrder() {
		Spool spool = new Spool(this.dir);
		Instant at = Instant.parse("2026-01-01T00:00:01Z");
		List<ExecutionRecord> records = List.of(
				new ExecutionRecord.Claimed(1, "job", at, "a", TriggerType.CRON, null, at),
				new ExecutionRecord.Started(1, at, "a", 1, at),
				new ExecutionRecord.Finished(1, at, "a", ExecutionStatus.SUCCEEDED, 1, "ok", null, at));
		spool.append(records.subList(0, 2));
		spool.append(records.subList(2, 3));
		assertThat(new Spool(this.dir).readAll()).containsExactlyElementsOf(records);
	}

	@Test
	void keepsARecordWrittenOnceAsItIs() {
		Spool spool = new Spool(this.dir);
		Instant at = Instant.parse("2026-01-01T00:00:01Z");
		ExecutionRecord closed = new ExecutionRecord.Closed(7001, 1, "job", at, "a", TriggerType.CRON, null,
				ExecutionStatus.FAILED, 2, "out", "boom", at.plusMillis(3), at.plusMillis(90), null, null, null);
		ExecutionRecord opened = new ExecutionRecord.Opened(7002, 1, "job", at.plusSeconds(1), "a", TriggerType.CRON,
				null, 1, at.plusSeconds(1), "0af7651916cd43dd8448eb211c80319c");
		spool.append(List.of(closed, opened));
		assertThat(new Spool(this.dir).readAll()).containsExactly(closed, opened);
	}

	@Test
	void dropsATornLastLine() throws Exception {
		Spool spool = new Spool(this.dir);
		Instant at = Instant.parse("2026-01-01T00:00:01Z");
		spool.append(List.of(new ExecutionRecord.Started(1, at, "a", 1, at)));
		Files.writeString(this.dir.resolve("executions.jsonl"), "{\"type\":\"fini",
				java.nio.file.StandardOpenOption.APPEND);
		assertThat(spool.readAll()).hasSize(1);
	}

	@Test
	void isEmptyAfterClear() {
		Spool spool = new Spool(this.dir);
		Instant at = Instant.now();
		spool.append(List.of(new ExecutionRecord.Started(1, at, "a", 1, at)));
		assertThat(spool.isEmpty()).isFalse();
		spool.clear();
		assertThat(spool.isEmpty()).isTrue();
		assertThat(spool.readAll()).isEmpty();
	}

	@Test
	void readsABoundedBatchFromWhereTheLastWriteStoppedAlsoAfterARestart() {
		Spool spool = new Spool(this.dir);
		Instant at = Instant.parse("2026-01-01T00:00:01Z");
		List<ExecutionRecord> records = new java.util.ArrayList<>();
		for (int job = 1; job <= 2500; job++) {
			records.add(new ExecutionRecord.Started(job, at, "a", 1, at));
		}
		spool.append(records);
		List<Spool.Line> first = spool.read(1000);
		assertThat(first).hasSize(1000);
		assertThat(first.get(999).record().jobId()).isEqualTo(1000);
		spool.written(first.get(999));

		Spool restarted = new Spool(this.dir);
		List<Spool.Line> next = restarted.read(1000);
		assertThat(next.get(0).record().jobId()).isEqualTo(1001);
		restarted.written(next.get(999));
		List<Spool.Line> last = restarted.read(1000);
		assertThat(last).hasSize(500);
		restarted.written(last.get(499));
		assertThat(restarted.isEmpty()).isTrue();
		assertThat(this.dir.resolve("executions.jsonl")).doesNotExist();
	}

	@Test
	void isFullAtItsSizeOfRecordsNotYetWritten() {
		Instant at = Instant.parse("2026-01-01T00:00:01Z");
		Spool spool = new Spool(this.dir, 1000);
		List<ExecutionRecord> records = new java.util.ArrayList<>();
		for (int job = 1; job <= 10; job++) {
			records.add(new ExecutionRecord.Started(job, at, "a", 1, at));
		}
		spool.append(records);
		assertThat(spool.full()).isTrue();
		List<Spool.Line> lines = spool.read(9);
		spool.written(lines.get(8));
		assertThat(spool.full()).isFalse();
	}

}
