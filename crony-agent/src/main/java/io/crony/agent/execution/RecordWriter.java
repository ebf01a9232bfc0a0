package io.crony.agent.execution;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

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

	private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

	// how long a stopping agent writes to the database before the rest goes to the spool
	private static final long CLOSE_WRITE_MILLIS = TimeUnit.SECONDS.toMillis(5);

	private final ExecutionStore store;

	private final Spool spool;

	private final long flushNanos;

	private final int backlogLimit;

	private final HeldStarts heldStarts;

	private final LinkedBlockingQueue<ExecutionRecord> queue = new LinkedBlockingQueue<>();

	// notified when the writer took records off the queue
	private final Object room = new Object();

	private final Thread thread;

	private volatile boolean spooling;

	private volatile boolean running = true;

	// set when the agent stops and the database did not take the rest in time
	private volatile boolean spillToSpool;

	private long lastReplayNanos;

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
		this.store = store;
		this.spool = spool;
		this.flushNanos = flushInterval.toNanos();
		this.heldStarts = new HeldStarts(startHold.toNanos());
		this.backlogLimit = Math.max(1, backlogLimit);
		this.spooling = !spool.isEmpty();
		this.thread = new Thread(this::loop, "crony-records");
		this.thread.setDaemon(true);
	}

	public void start() {
		this.thread.start();
	}

	public void submit(ExecutionRecord record) {
		this.queue.add(record);
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
				ExecutionRecord first = this.queue.poll(this.flushNanos, TimeUnit.NANOSECONDS);
				if (first != null) {
					batch.add(first);
					gather(batch);
					synchronized (this.room) {
						this.room.notifyAll();
					}
				}
				// nothing is kept back once records go to the spool or the writer stops
				boolean releaseAll = this.spooling || this.spillToSpool || !this.running;
				// a batch that failed stays in the list and is sorted again with the next
				this.heldStarts.sort(batch, System.nanoTime(), releaseAll);
				flush(batch);
				batch.clear();
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
			if (!batch.isEmpty()) {
				this.spool.append(batch);
			}
			long now = System.nanoTime();
			if (now - this.lastReplayNanos >= REPLAY_INTERVAL_NANOS) {
				this.lastReplayNanos = now;
				replay();
			}
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
			this.lastReplayNanos = System.nanoTime();
		}
	}

	private void replay() {
		List<ExecutionRecord> records = this.spool.readAll();
		try {
			for (int from = 0; from < records.size(); from += 1000) {
				this.store.write(records.subList(from, Math.min(records.size(), from + 1000)));
			}
			this.spool.clear();
			this.spooling = false;
			if (!records.isEmpty()) {
				logger.info("Records replayed {} spooled records into the database", records.size());
			}
		}
		catch (DataAccessException ex) {
			logger.debug("Records database still unreachable: {}", rootMessage(ex));
		}
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
