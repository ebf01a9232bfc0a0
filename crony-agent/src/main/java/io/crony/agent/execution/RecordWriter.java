package io.crony.agent.execution;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Writes execution records in batches from one thread. While the database is reachable a
 * batch goes straight to it; when a write fails the batch and everything after it go to
 * the {@link Spool}, and once a second the writer tries to replay the spool in order.
 * Only when the spool is empty again do records go straight to the database, so their
 * order is kept. Replay is idempotent (see {@link ExecutionRecord}).
 *
 * <p>
 * Records waiting to be written are bounded: past {@code backlogLimit} the engine's
 * claims wait ({@link #awaitRoom}), so an agent given more fires than its database takes
 * records for falls behind its schedule (where the jobs' misfire policies decide) instead
 * of holding ever more unwritten records in memory. Records still waiting when the agent
 * stops go to the spool and are written after its next start.
 */
public final class RecordWriter implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(RecordWriter.class);

	private static final long REPLAY_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

	private static final int BATCH_LIMIT = 5000;

	private static final int REPLAY_BATCH = 1000;

	private static final long REPLAY_PASS_NANOS = TimeUnit.SECONDS.toNanos(1);

	private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

	// how long a stopping agent writes to the database before the rest goes to the spool
	private static final long CLOSE_WRITE_MILLIS = TimeUnit.SECONDS.toMillis(5);

	private final ExecutionStore store;

	private final Spool spool;

	private final long flushNanos;

	private final int backlogLimit;

	private final HeldStarts heldStarts;

	// the start hold and the flush interval: how long a run's record may stay unwritten
	private final Duration unwrittenSpan;

	private final LinkedBlockingQueue<ExecutionRecord> queue = new LinkedBlockingQueue<>();

	// notified when the writer took records off the queue
	private final Object room = new Object();

	private final Thread thread;

	private volatile boolean spooling;

	private volatile boolean running = true;

	// set when the agent stops and the database did not take the rest in time
	private volatile boolean spillToSpool;

	private long lastReplayNanos;

	// records replayed since spooling began
	private long replayed;

	// set by the writer thread after each append while the spool is at its size
	private volatile boolean spoolFull;

	private long lastFullErrorNanos;

	private final AtomicLong quarantined = new AtomicLong();

	// records submitted so far, counted after each is queued
	private final AtomicLong submitted = new AtomicLong();

	// how many of the first records submitted are in the database for sure (all but run
	// starts held back to fold into their finish, whose rows exist); notified on a change
	private final Object written = new Object();

	private volatile long writtenUpTo;

	// fires whose start of a record written once is held back (HeldStarts): no row yet
	private volatile int heldOpened;

	private final BooleanSupplier databaseAnswers;

	private long lastBacklogWarningNanos;

	/**
	 * @param store the execution table
	 * @param spool where records go while the database is unreachable
	 * @param flushInterval how long the writer waits for more records before a batch
	 * @param backlogLimit records waiting to be written past which claims wait
	 */
	public RecordWriter(ExecutionStore store, Spool spool, Duration flushInterval, int backlogLimit) {
		this(store, spool, flushInterval, Duration.ZERO, backlogLimit);
	}

	/**
	 * @param store the execution table
	 * @param spool where records go while the database is unreachable
	 * @param flushInterval how long the writer waits for more records before a batch
	 * @param startHold how long a run's start record is kept back, so a run that ends
	 * within it is written as one update ({@link HeldStarts})
	 * @param backlogLimit records waiting to be written past which claims wait
	 */
	public RecordWriter(ExecutionStore store, Spool spool, Duration flushInterval, Duration startHold,
			int backlogLimit) {
		this(store, spool, flushInterval, startHold, backlogLimit, () -> false);
	}

	/**
	 * @param store the execution table
	 * @param spool where records go while the database is unreachable
	 * @param flushInterval how long the writer waits for more records before a batch
	 * @param startHold how long a run's start record is kept back, so a run that ends
	 * within it is written as one update ({@link HeldStarts})
	 * @param backlogLimit records waiting to be written past which claims wait
	 * @param databaseAnswers whether the database answers a trivial query now: a record
	 * that fails alone while it does is quarantined ({@link #answers})
	 */
	public RecordWriter(ExecutionStore store, Spool spool, Duration flushInterval, Duration startHold, int backlogLimit,
			BooleanSupplier databaseAnswers) {
		this.databaseAnswers = databaseAnswers;
		this.store = store;
		this.spool = spool;
		this.flushNanos = flushInterval.toNanos();
		this.heldStarts = new HeldStarts(startHold.toNanos());
		this.unwrittenSpan = startHold.plus(flushInterval);
		this.backlogLimit = Math.max(1, backlogLimit);
		this.spooling = !spool.isEmpty();
		this.spoolFull = this.spooling && spool.full();
		this.thread = new Thread(this::loop, "crony-records");
		this.thread.setDaemon(true);
	}

	public void start() {
		this.thread.start();
	}

	/**
	 * How long after a run's start no record of it may be in the database yet: a record
	 * written once comes at the run's end, or once the run outlived the start hold, and
	 * then waits out a flush interval in its batch.
	 */
	public Duration unwrittenSpan() {
		return this.unwrittenSpan;
	}

	public void submit(ExecutionRecord record) {
		this.queue.add(record);
		this.submitted.incrementAndGet();
	}

	/**
	 * Waits until every record submitted before this call is in the database: taken off
	 * the queue and written (a run's start may still be held back to fold into its
	 * finish, but its row exists), with nothing in the spool and no record quarantined. A
	 * held start of a record written once ({@link ExecutionRecord.Opened}) has no row
	 * yet, so the wait lasts while any is held, whenever it was submitted: each is
	 * written, or folded into its closed row, within the start hold. A stopping agent
	 * asks this before it says every fire it ran is recorded ({@code StopMark}).
	 * @param timeout the longest wait
	 * @return false when records go to the spool, one was ever quarantined, the writer
	 * does not run, or the wait ran out
	 */
	public boolean awaitWritten(Duration timeout) throws InterruptedException {
		long target = this.submitted.get();
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.written) {
			while (this.writtenUpTo < target || this.spooling || this.heldOpened > 0) {
				long left = deadline - System.nanoTime();
				if (this.spooling || this.spillToSpool || !this.thread.isAlive() || left <= 0) {
					return false;
				}
				this.written.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
			}
		}
		return this.quarantined.get() == 0;
	}

	/** Records submitted and not yet taken for writing. */
	public int backlog() {
		return this.queue.size();
	}

	/**
	 * Waits while more than {@code backlogLimit} records wait to be written (the claim
	 * thread calls this before each claim). Returns at once when the writer stopped.
	 */
	public void awaitRoom() throws InterruptedException {
		if (this.spoolFull) {
			awaitSpoolRoom();
		}
		if (this.queue.size() <= this.backlogLimit) {
			return;
		}
		warnBehind();
		synchronized (this.room) {
			while (this.running && this.queue.size() > this.backlogLimit) {
				// bounded: a stopping writer notifies nobody
				this.room.wait(100);
			}
		}
	}

	/**
	 * The spool reached its size: no new claim until records leave it (the database is
	 * back), so the records of fires that ran are all kept and the fires not claimed
	 * meanwhile are left to their jobs' misfire policies. Said at ERROR every 10 s; the
	 * gauge {@code crony.agent.spool.full} is 1 meanwhile.
	 */
	private void awaitSpoolRoom() throws InterruptedException {
		long now = System.nanoTime();
		if (this.lastFullErrorNanos == 0 || now - this.lastFullErrorNanos >= WARN_EVERY_NANOS) {
			this.lastFullErrorNanos = now;
			logger.error(
					"Records: the spool is full ({} bytes, limit {}, crony.agent.spool-max-size): no fire is claimed until"
							+ " the database is back and takes the spooled records; those are all kept",
					this.spool.bytes(), this.spool.maxBytes());
		}
		synchronized (this.room) {
			while (this.running && this.spoolFull) {
				this.room.wait(100);
			}
		}
	}

	/** Bytes of the spool on disk. */
	public long spoolBytes() {
		return this.spool.bytes();
	}

	/** The spool's bound ({@code crony.agent.spool-max-size}). */
	public long spoolMaxBytes() {
		return this.spool.maxBytes();
	}

	/** Whether claims wait because the spool reached its size. */
	public boolean spoolFull() {
		return this.spoolFull;
	}

	/** Records quarantined since the agent started. */
	public long quarantined() {
		return this.quarantined.get();
	}

	private void warnBehind() {
		long now = System.nanoTime();
		if (now - this.lastBacklogWarningNanos >= WARN_EVERY_NANOS) {
			this.lastBacklogWarningNanos = now;
			logger.warn("Records behind: {} execution records wait to be written (limit {}); claims wait for them",
					this.queue.size(), this.backlogLimit);
		}
	}

	/** Whether the writer stops and records left go to the spool. */
	boolean spillingToSpool() {
		return this.spillToSpool;
	}

	/** Whether records currently go to the spool (the database was unreachable). */
	public boolean isSpooling() {
		return this.spooling;
	}

	/**
	 * Called by others who found the database unreachable, so the writer stops trying it.
	 */
	public void databaseDown() {
		this.spooling = true;
	}

	private void loop() {
		List<ExecutionRecord> batch = new ArrayList<>();
		while (this.running || !this.queue.isEmpty()) {
			try {
				// every record counted here is in the queue now (counted after it is
				// queued), so in this batch once the queue is found empty
				long seen = this.submitted.get();
				ExecutionRecord first = this.queue.poll(this.flushNanos, TimeUnit.NANOSECONDS);
				if (first != null) {
					batch.add(first);
					gather(batch);
					synchronized (this.room) {
						this.room.notifyAll();
					}
				}
				boolean drained = batch.size() < BATCH_LIMIT;
				// nothing is kept back once records go to the spool or the writer stops
				boolean releaseAll = this.spooling || this.spillToSpool || !this.running;
				// a batch that failed stays in the list and is sorted again with the next
				this.heldStarts.sort(batch, System.nanoTime(), releaseAll);
				flush(batch);
				batch.clear();
				// the held starts without a row counted before the records are said
				// written: the other way round, a wait woke in between found all written
				// while a start just held had no row (a stopping agent went on without
				// it)
				heldOpened(this.heldStarts.opened());
				if (drained) {
					written(seen);
				}
			}
			catch (InterruptedException ex) {
				this.running = false;
			}
			catch (RuntimeException ex) {
				logger.error("Record writer failed on a batch of {}; retrying", batch.size(), ex);
			}
		}
		this.heldStarts.sort(batch, System.nanoTime(), true);
		flush(batch);
	}

	// a wait for the records written learns when the last held start without a row
	// went out (it is in the database by now, or spooled, which the wait sees)
	private void heldOpened(int opened) {
		if (opened == this.heldOpened) {
			return;
		}
		synchronized (this.written) {
			this.heldOpened = opened;
			this.written.notifyAll();
		}
	}

	// the records counted up to seen are in the database unless they went to the spool
	private void written(long seen) {
		if (this.spooling || this.spillToSpool || seen <= this.writtenUpTo) {
			return;
		}
		synchronized (this.written) {
			this.writtenUpTo = seen;
			this.written.notifyAll();
		}
	}

	/**
	 * Adds what arrives within one flush interval after the batch's first record (up to
	 * 5,000 records). A run that ends within that interval is then one record, its start
	 * folded into its finish ({@link FoldedRecords}): one row update per fire instead of
	 * two. A stopping writer does not wait.
	 */
	private void gather(List<ExecutionRecord> batch) throws InterruptedException {
		long deadline = System.nanoTime() + this.flushNanos;
		this.queue.drainTo(batch, BATCH_LIMIT - batch.size());
		while (this.running && batch.size() < BATCH_LIMIT) {
			long left = deadline - System.nanoTime();
			ExecutionRecord next = (left > 0) ? this.queue.poll(left, TimeUnit.NANOSECONDS) : null;
			if (next == null) {
				return;
			}
			batch.add(next);
			this.queue.drainTo(batch, BATCH_LIMIT - batch.size());
		}
	}

	private void flush(List<ExecutionRecord> batch) {
		if (this.spillToSpool) {
			if (!batch.isEmpty()) {
				this.spool.append(batch);
			}
			return;
		}
		if (this.spooling) {
			// Everything waiting goes to the spool before the next replay attempt: with
			// the database away an attempt waits out the pool's connection timeout, and a
			// writer that spooled one batch per attempt took fewer records a second than
			// 1,000 every-second jobs make, until the claims waited on it and fires went
			// by the misfire policy (DatabaseOutageBench). None is held back meanwhile
			// (releaseAll), so they need no sorting.
			int drained = this.queue.drainTo(batch);
			if (drained > 0) {
				synchronized (this.room) {
					this.room.notifyAll();
				}
			}
			if (!batch.isEmpty()) {
				this.spool.append(batch);
			}
			long now = System.nanoTime();
			if (now - this.lastReplayNanos >= REPLAY_INTERVAL_NANOS) {
				this.lastReplayNanos = now;
				replay();
			}
			this.spoolFull = this.spooling && this.spool.full();
			return;
		}
		if (batch.isEmpty()) {
			return;
		}
		try {
			// a lost lock conflict is written again, not spooled: spooling also makes the
			// claims local, safe only while no agent reaches the database
			LockConflicts.retry("Records", () -> {
				this.store.write(batch);
				return batch;
			});
		}
		catch (DataAccessException ex) {
			logger.warn("Records cannot reach the database ({}); spooling {} records", rootMessage(ex), batch.size());
			this.spool.append(batch);
			this.spooling = true;
			this.spoolFull = this.spool.full();
			this.lastReplayNanos = System.nanoTime();
		}
	}

	/**
	 * Writes spooled records to the database, a batch of at most 1,000 at a time (never
	 * the whole file in memory), for up to a second per pass so records arriving
	 * meanwhile are not kept waiting. A batch the database refuses while it answers is
	 * written one record at a time, and a record it refuses for a reason that does not go
	 * away ({@link #refused}) is quarantined, so one bad record cannot keep the agent
	 * spooling for good.
	 */
	private void replay() {
		long deadline = System.nanoTime() + REPLAY_PASS_NANOS;
		List<Spool.Line> lines = this.spool.read(REPLAY_BATCH);
		while (!lines.isEmpty()) {
			List<ExecutionRecord> records = new ArrayList<>();
			for (Spool.Line line : lines) {
				if (line.record() != null) {
					records.add(line.record());
				}
			}
			try {
				this.store.write(records);
				// only once the batch is written: a pass cut short must not quarantine a
				// line twice
				lines.forEach(this::quarantineUnreadable);
			}
			catch (DataAccessException ex) {
				if (ex instanceof ConcurrencyFailureException || !this.databaseAnswers.getAsBoolean()
						|| !writeOneByOne(lines)) {
					logger.debug("Records database still unreachable: {}", rootMessage(ex));
					return;
				}
			}
			this.spool.written(lines.get(lines.size() - 1));
			this.replayed += records.size();
			if (System.nanoTime() - deadline > 0) {
				return;
			}
			lines = this.spool.read(REPLAY_BATCH);
		}
		this.spooling = false;
		this.spoolFull = false;
		logger.info("Records replayed {} spooled records into the database", this.replayed);
		this.replayed = 0;
	}

	/**
	 * Writes each line's record alone; quarantines those the database refuses for good.
	 * Returns false (nothing marked written) when the database stopped answering.
	 */
	private boolean writeOneByOne(List<Spool.Line> lines) {
		for (Spool.Line line : lines) {
			if (line.record() == null) {
				quarantineUnreadable(line);
				this.spool.written(line);
				continue;
			}
			try {
				this.store.write(List.of(line.record()));
			}
			catch (DataAccessException ex) {
				if (!refused(ex)) {
					return false;
				}
				quarantine(line, rootMessage(ex));
			}
			this.spool.written(line);
		}
		return true;
	}

	private void quarantineUnreadable(Spool.Line line) {
		if (line.record() == null && !line.text().isBlank()) {
			quarantine(line, "does not read as a record: a line torn when the agent died?");
		}
	}

	private void quarantine(Spool.Line line, String reason) {
		this.spool.quarantine(line, reason);
		this.quarantined.incrementAndGet();
		logger.error("Records: a spooled record is quarantined in {}, not written ({}): {}",
				this.spool.quarantineFile(), reason, abbreviate(line.text()));
	}

	/**
	 * Whether the database refused one record for what it holds (a value it does not
	 * take, a statement too large), not for being away, busy or locked: it failed alone,
	 * not on a lock conflict, and the database answers a trivial query right after.
	 * Writing it again would fail the same way.
	 */
	private boolean refused(DataAccessException ex) {
		return !(ex instanceof ConcurrencyFailureException) && this.databaseAnswers.getAsBoolean();
	}

	/** Whether the database answers {@code SELECT 1} now. */
	public static BooleanSupplier answers(JdbcTemplate jdbc) {
		return () -> {
			try {
				jdbc.queryForObject("SELECT 1", Integer.class);
				return true;
			}
			catch (DataAccessException ex) {
				return false;
			}
		};
	}

	private static String abbreviate(String text) {
		return (text.length() <= 500) ? text : text.substring(0, 500) + "…";
	}

	private static String rootMessage(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null) {
			root = root.getCause();
		}
		return root.toString();
	}

	/**
	 * Writes what is left: to the database for up to 5 s, then the rest to the spool
	 * (written after the next start), so records still queued are not lost with the
	 * process.
	 */
	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.join(CLOSE_WRITE_MILLIS);
		if (this.thread.isAlive()) {
			this.spillToSpool = true;
			logger.warn("Records: {} records not written yet go to the spool", this.queue.size());
			this.thread.join(CLOSE_WRITE_MILLIS);
		}
	}

}
