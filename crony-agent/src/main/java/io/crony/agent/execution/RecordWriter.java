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
 */
public final class RecordWriter implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(RecordWriter.class);

	private static final long REPLAY_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final ExecutionStore store;

	private final Spool spool;

	private final long flushNanos;

	private final LinkedBlockingQueue<ExecutionRecord> queue = new LinkedBlockingQueue<>();

	private final Thread thread;

	private volatile boolean spooling;

	private volatile boolean running = true;

	private long lastReplayNanos;

	public RecordWriter(ExecutionStore store, Spool spool, Duration flushInterval) {
		this.store = store;
		this.spool = spool;
		this.flushNanos = flushInterval.toNanos();
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
					this.queue.drainTo(batch, 5000);
				}
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
	}

	private void flush(List<ExecutionRecord> batch) {
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

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.join(TimeUnit.SECONDS.toMillis(5));
	}

}
