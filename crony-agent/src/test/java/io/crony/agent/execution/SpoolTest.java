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

}
