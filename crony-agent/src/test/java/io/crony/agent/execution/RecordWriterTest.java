package io.crony.agent.execution;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record batch that loses a lock conflict is written again, not spooled: spooling also
 * makes the claims local, which is safe only while no agent reaches the database. Records
 * waiting to be written are bounded (claims wait), and those left when the agent stops go
 * to the spool.
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
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10), 1000)) {
			writerOf.set(writer);
			writer.start();
			writer.submit(new ExecutionRecord.Finished(1, Instant.now(), "a", ExecutionStatus.SUCCEEDED, 1, "ok", null,
					Instant.now()));

			await().atMost(Duration.ofSeconds(10)).until(() -> written.get() == 1);
			assertThat(writtenFromTheSpool).isFalse();
			assertThat(writer.isSpooling()).isFalse();
		}
	}

	@Test
	void aStoppingAgentIsToldEveryRecordIsWrittenOnlyOnceItIsInTheDatabase() throws Exception {
		AtomicBoolean away = new AtomicBoolean(true);
		List<ExecutionRecord> written = new CopyOnWriteArrayList<>();
		ExecutionStore store = new ExecutionStore(new JdbcTemplate(new SingleConnectionDataSource())) {
			@Override
			public void write(List<ExecutionRecord> records) {
				if (away.get()) {
					throw new DataAccessResourceFailureException("Connection refused");
				}
				written.addAll(records);
			}
		};
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10), 1000)) {
			writer.start();
			ExecutionRecord spooled = new ExecutionRecord.Claimed(1, "job-1", Instant.parse("2026-11-30T08:00:00Z"),
					"a", TriggerType.CRON, null, Instant.now());
			writer.submit(spooled);
			await().atMost(Duration.ofSeconds(10)).until(writer::isSpooling);
			// a claim in the spool: the agent may not say every fire it ran is recorded
			assertThat(writer.awaitWritten(Duration.ofSeconds(1))).isFalse();

			away.set(false);
			await().atMost(Duration.ofSeconds(10)).until(() -> writer.awaitWritten(Duration.ofMillis(100)));
			assertThat(written).contains(spooled);
			ExecutionRecord direct = new ExecutionRecord.Claimed(1, "job-1", Instant.parse("2026-11-30T08:00:01Z"), "a",
					TriggerType.CRON, null, Instant.now());
			writer.submit(direct);
			assertThat(writer.awaitWritten(Duration.ofSeconds(10))).isTrue();
			assertThat(written).contains(direct);
		}
	}

	@Test
	void aHeldStartOfARecordWrittenOnceHasNoRowSoAStoppingAgentWaitsForIt() throws Exception {
		List<List<ExecutionRecord>> batches = new CopyOnWriteArrayList<>();
		Instant at = Instant.parse("2026-11-30T08:00:00Z");
		try (RecordWriter writer = new RecordWriter(batchesInto(batches), new Spool(this.spoolDir),
				Duration.ofMillis(10), Duration.ofHours(1), 1000)) {
			writer.start();
			// a held start of a claimed row: the row exists, nothing to wait for
			writer.submit(new ExecutionRecord.Started(1, at, "a", 1, at));
			assertThat(writer.awaitWritten(Duration.ofSeconds(10))).isTrue();

			// a held start of a fire written once: its run has no row while it is held
			writer.submit(new ExecutionRecord.Opened(7002, 2, "job-2", at, "a", TriggerType.CRON, null, 1, at, null));
			assertThat(writer.awaitWritten(Duration.ofMillis(300))).isFalse();

			// the run ended: its closed row is written, the start folded into it
			writer.submit(new ExecutionRecord.Closed(7002, 2, "job-2", at, "a", TriggerType.CRON, null,
					ExecutionStatus.SUCCEEDED, 1, "ok", null, at, at.plusMillis(90), null, null, null));
			assertThat(writer.awaitWritten(Duration.ofSeconds(10))).isTrue();
			assertThat(batches.stream().flatMap(List::stream))
				.anySatisfy((record) -> assertThat(record).isInstanceOf(ExecutionRecord.Closed.class));
		}
	}

	@Test
	void aRunThatEndsWithinTheFlushIntervalIsWrittenWithItsStartInOneBatch() throws Exception {
		List<List<ExecutionRecord>> batches = new CopyOnWriteArrayList<>();
		ExecutionStore store = batchesInto(batches);
		Instant at = Instant.now();
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(500), 1000)) {
			writer.start();
			writer.submit(new ExecutionRecord.Started(1, at, "a", 1, Instant.now()));
			// the run ends 50 ms later, well within the interval
			CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS)
				.execute(() -> writer.submit(new ExecutionRecord.Finished(1, at, "a", ExecutionStatus.SUCCEEDED, 1,
						"ok", null, Instant.now())));

			await().atMost(Duration.ofSeconds(10)).until(() -> !batches.isEmpty());
			assertThat(batches.get(0)).hasSize(2);
		}
	}

	@Test
	void aRunThatEndsWithinTheStartHoldIsWrittenAsOneUpdateWhateverItsBatch() throws Exception {
		List<List<ExecutionRecord>> batches = new CopyOnWriteArrayList<>();
		ExecutionStore store = batchesInto(batches);
		Instant at = Instant.now();
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10),
				Duration.ofSeconds(3), 1000)) {
			writer.start();
			writer.submit(new ExecutionRecord.Started(1, at, "a", 1, Instant.now()));
			writer.submit(new ExecutionRecord.Started(2, at, "a", 1, Instant.now()));
			// job 1's run ends 300 ms later: many flush intervals, well within the hold
			// (a
			// generous one: a loaded machine may run the delayed finish late)
			CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS)
				.execute(() -> writer.submit(new ExecutionRecord.Finished(1, at, "a", ExecutionStatus.SUCCEEDED, 1,
						"ok", null, Instant.now())));

			await().atMost(Duration.ofSeconds(20)).until(() -> batches.size() == 2);
			assertThat(batches.get(0)).extracting(ExecutionRecord::jobId).containsExactly(1L, 1L);
			// job 2's run goes on: its start is written once the hold ran out
			assertThat(batches.get(1)).extracting(ExecutionRecord::jobId).containsExactly(2L);
		}
	}

	@Test
	void aStartKeptBackWhenTheWriterStopsIsWrittenNotLost() throws Exception {
		List<List<ExecutionRecord>> batches = new CopyOnWriteArrayList<>();
		RecordWriter writer = new RecordWriter(batchesInto(batches), new Spool(this.spoolDir), Duration.ofMillis(10),
				Duration.ofMinutes(1), 1000);
		writer.start();
		writer.submit(new ExecutionRecord.Started(1, Instant.now(), "a", 1, Instant.now()));
		await().atMost(Duration.ofSeconds(10)).until(() -> writer.backlog() == 0);

		writer.close();
		assertThat(batches).hasSize(1);
		assertThat(batches.get(0)).extracting(ExecutionRecord::jobId).containsExactly(1L);
	}

	@Test
	void claimsWaitWhileMoreRecordsWaitThanTheLimitAndGoOnOnceTheWriterTakesThem() throws Exception {
		GatedStore store = new GatedStore();
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10), 2)) {
			writer.start();
			writer.submit(finished(1));
			await().atMost(Duration.ofSeconds(10)).until(() -> store.writing.getCount() == 0);
			writer.submit(finished(2));
			writer.submit(finished(3));
			writer.submit(finished(4));

			CompletableFuture<Void> claim = CompletableFuture.runAsync(() -> awaitRoom(writer));
			await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> !claim.isDone());
			store.gate.countDown();

			claim.get(10, TimeUnit.SECONDS);
			assertThat(writer.backlog()).isLessThanOrEqualTo(2);
			await().atMost(Duration.ofSeconds(10)).until(() -> store.written.size() == 4);
		}
	}

	@Test
	void recordsNotWrittenWhenTheWriterStopsGoToTheSpoolAndAreWrittenAfterTheNextStart() throws Exception {
		GatedStore store = new GatedStore();
		RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10), 1000);
		writer.start();
		writer.submit(finished(1));
		await().atMost(Duration.ofSeconds(10)).until(() -> store.writing.getCount() == 0);
		writer.submit(finished(2));
		writer.submit(finished(3));

		CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> close(writer));
		await().atMost(Duration.ofSeconds(20)).until(writer::spillingToSpool);
		store.gate.countDown();
		stopping.get(20, TimeUnit.SECONDS);

		assertThat(store.written).extracting(ExecutionRecord::jobId).containsExactly(1L);
		assertThat(new Spool(this.spoolDir).readAll()).extracting(ExecutionRecord::jobId).containsExactly(2L, 3L);
		GatedStore next = new GatedStore();
		next.gate.countDown();
		try (RecordWriter restarted = new RecordWriter(next, new Spool(this.spoolDir), Duration.ofMillis(10), 1000)) {
			assertThat(restarted.isSpooling()).isTrue();
			restarted.start();
			await().atMost(Duration.ofSeconds(10)).until(() -> next.written.size() == 2);
			assertThat(new Spool(this.spoolDir).isEmpty()).isTrue();
		}
	}

	/**
	 * A line torn by a crash is quarantined once, when the records around it are written,
	 * not at every pass that finds the database away.
	 */
	@Test
	void aTornSpoolLineIsQuarantinedOnceAndTheRecordsAroundItAreWritten() throws Exception {
		Spool spool = new Spool(this.spoolDir);
		spool.append(List.of(finished(1)));
		java.nio.file.Files.writeString(this.spoolDir.resolve("executions.jsonl"), "{\"type\":\"fini\n",
				java.nio.file.StandardOpenOption.APPEND);
		spool.append(List.of(finished(2)));
		AtomicBoolean away = new AtomicBoolean(true);
		AtomicInteger tries = new AtomicInteger();
		List<ExecutionRecord> written = new CopyOnWriteArrayList<>();
		ExecutionStore store = new ExecutionStore(new JdbcTemplate(new SingleConnectionDataSource())) {
			@Override
			public void write(List<ExecutionRecord> records) {
				tries.incrementAndGet();
				if (away.get()) {
					throw new org.springframework.jdbc.CannotGetJdbcConnectionException("Connection refused");
				}
				written.addAll(records);
			}
		};
		try (RecordWriter writer = new RecordWriter(store, spool, Duration.ofMillis(10), Duration.ZERO, 1000,
				() -> !away.get())) {
			writer.start();
			await().atMost(Duration.ofSeconds(20)).until(() -> tries.get() >= 3);
			away.set(false);
			await().atMost(Duration.ofSeconds(20)).until(() -> !writer.isSpooling());
			assertThat(writer.quarantined()).isEqualTo(1);
		}
		assertThat(written).extracting(ExecutionRecord::jobId).containsExactly(1L, 2L);
		assertThat(java.nio.file.Files.readAllLines(this.spoolDir.resolve("executions.quarantine.jsonl")))
			.singleElement()
			.satisfies((line) -> assertThat(line).contains("fini"));
	}

	/** A store that keeps each batch it is given. */
	@Test
	void noWaitFindsEveryRecordWrittenWhileAStartOfARecordWrittenOnceIsHeld() throws Exception {
		// the writer once said the records written before it counted the start it had
		// just held: a wait woken in between returned true (about one round in five)
		List<List<ExecutionRecord>> batches = new CopyOnWriteArrayList<>();
		Instant at = Instant.parse("2026-11-30T08:00:00Z");
		int foundWritten = 0;
		try (RecordWriter writer = new RecordWriter(batchesInto(batches), new Spool(this.spoolDir),
				Duration.ofMillis(1), Duration.ofHours(1), 1000)) {
			writer.start();
			for (int round = 0; round < 100; round++) {
				Instant fire = at.plusSeconds(round);
				writer.submit(new ExecutionRecord.Opened(8000 + round, 2, "job-2", fire, "a", TriggerType.CRON, null, 1,
						fire, null));
				if (writer.awaitWritten(Duration.ofMillis(20))) {
					foundWritten++;
				}
				writer.submit(new ExecutionRecord.Closed(8000 + round, 2, "job-2", fire, "a", TriggerType.CRON, null,
						ExecutionStatus.SUCCEEDED, 1, "ok", null, fire, fire.plusMillis(90), null, null, null));
				assertThat(writer.awaitWritten(Duration.ofSeconds(10))).isTrue();
			}
		}
		assertThat(foundWritten).as("rounds whose held start was found written").isZero();
	}

	private static ExecutionStore batchesInto(List<List<ExecutionRecord>> batches) {
		return new ExecutionStore(new JdbcTemplate(new SingleConnectionDataSource())) {
			@Override
			public void write(List<ExecutionRecord> records) {
				batches.add(List.copyOf(records));
			}
		};
	}

	private static ExecutionRecord finished(long jobId) {
		return new ExecutionRecord.Finished(jobId, Instant.parse("2026-05-01T10:00:00Z"), "a",
				ExecutionStatus.SUCCEEDED, 1, "ok", null, Instant.now());
	}

	@Test
	void whileTheDatabaseIsAwayEveryWaitingRecordIsSpooledBeforeTheNextAttempt() throws Exception {
		AtomicInteger attempts = new AtomicInteger();
		CountDownLatch secondAttempt = new CountDownLatch(1);
		CountDownLatch submitted = new CountDownLatch(1);
		AtomicInteger backlogAtThirdAttempt = new AtomicInteger(-1);
		AtomicReference<RecordWriter> writerOf = new AtomicReference<>();
		ExecutionStore store = new ExecutionStore(new JdbcTemplate(new SingleConnectionDataSource())) {
			@Override
			public void write(List<ExecutionRecord> records) {
				int attempt = attempts.incrementAndGet();
				if (attempt == 2) {
					secondAttempt.countDown();
					awaitQuietly(submitted, Duration.ofSeconds(30));
				}
				if (attempt == 3) {
					backlogAtThirdAttempt.compareAndSet(-1, writerOf.get().backlog());
				}
				// a database that refuses connections: each attempt fails after the
				// pool's connection timeout, here longer than the replay interval (1 s)
				awaitQuietly(new CountDownLatch(1), Duration.ofMillis(1100));
				throw new DataAccessResourceFailureException("Connection refused");
			}
		};
		try (RecordWriter writer = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(10), 100_000)) {
			writerOf.set(writer);
			writer.start();
			writer.submit(finished(0));
			assertThat(secondAttempt.await(30, TimeUnit.SECONDS)).isTrue();
			// what 1,000 every-second jobs make in a few seconds, arriving during an
			// attempt
			for (int i = 1; i <= 20_000; i++) {
				writer.submit(finished(i));
			}
			submitted.countDown();

			await().atMost(Duration.ofSeconds(30)).until(() -> backlogAtThirdAttempt.get() >= 0);
			// before: one batch (5,000) per attempt, 15,000 left waiting in memory
			assertThat(backlogAtThirdAttempt.get()).isZero();
			assertThat(writer.isSpooling()).isTrue();
		}
	}

	private static void awaitQuietly(CountDownLatch latch, Duration timeout) {
		try {
			latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void awaitRoom(RecordWriter writer) {
		try {
			writer.awaitRoom();
		}
		catch (InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void close(RecordWriter writer) {
		try {
			writer.close();
		}
		catch (InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Holds its first write until the gate opens; keeps what it wrote. */
	private static final class GatedStore extends ExecutionStore {

		final CountDownLatch writing = new CountDownLatch(1);

		final CountDownLatch gate = new CountDownLatch(1);

		final List<ExecutionRecord> written = Collections.synchronizedList(new ArrayList<>());

		GatedStore() {
			super(new JdbcTemplate(new SingleConnectionDataSource()));
		}

		@Override
		public void write(List<ExecutionRecord> records) {
			this.writing.countDown();
			try {
				this.gate.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.written.addAll(records);
		}

	}

}
