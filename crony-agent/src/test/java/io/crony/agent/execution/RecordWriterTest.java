package io.crony.agent.execution;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record batch that loses a lock conflict is written again, not spooled: spooling also
 * makes the claims local, which is safe only while no agent reaches the database.
 */
class RecordWriterTest {

	@TempDir
	Path spoolDir;

	@Test
	void aBatchThatLosesALockConflictIsWrittenAgainNotSpooled() throws Exception {
		AtomicInteger writes = new AtomicInteger();
		AtomicInteger written = new AtomicInteger();
		AtomicReference<RecordWriter> writerOf = new AtomicReference<>();
		AtomicBoolean writtenFromTheSpool = new AtomicBoolean();
		ExecutionStore store = new ExecutionStore(new JdbcTemplate(new SingleConnectionDataSource())) {
			@Override
			public void write(List<ExecutionRecord> records) {
				if (writes.incrementAndGet() == 1) {
					throw new CannotAcquireLockException("Deadlock found when trying to get lock");
				}
				writtenFromTheSpool.set(writerOf.get().isSpooling());
				written.addAndGet(records.size());
			}
		};
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10))) {
			writerOf.set(writer);
			writer.start();
			writer.submit(new ExecutionRecord.Finished(1, Instant.now(), "a", ExecutionStatus.SUCCEEDED, 1, "ok", null,
					Instant.now()));

			await().atMost(Duration.ofSeconds(10)).until(() -> written.get() == 1);
			assertThat(writtenFromTheSpool).isFalse();
			assertThat(writer.isSpooling()).isFalse();
		}
	}

}
