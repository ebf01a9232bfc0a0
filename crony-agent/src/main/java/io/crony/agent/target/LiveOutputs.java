package io.crony.agent.target;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the output of running shell commands to their execution rows while they run, so
 * the run's page can show it. One daemon thread visits the running commands once per
 * {@code interval} and writes the output of those whose output grew since its last write:
 * at most one write per run per interval however fast a command prints, none for a
 * command that ends within the first interval, and nothing on the firing path (the
 * command's reader only appends to its {@link OutputBuffer}).
 *
 * <p>
 * The final record must win over a late live write. Two guards: a session is closed
 * (waiting out a write of it in flight) before the attempt's result is handed on to be
 * recorded, so no live write of it starts after; and the writer's update only touches a
 * row still RUNNING, so a run finished meanwhile (a cancel writes CANCELLED at once) is
 * never changed.
 */
public final class LiveOutputs implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LiveOutputs.class);

	private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(60);

	/** Writes nothing: live output switched off, or no database. */
	public static final LiveOutputs NONE = new LiveOutputs(Duration.ZERO, (id, output) -> false);

	private final Writer writer;

	private final Map<Long, Session> sessions = new ConcurrentHashMap<>();

	private final ScheduledExecutorService thread;

	private long lastWarningNanos = System.nanoTime() - WARN_EVERY_NANOS;

	/**
	 * @param interval how often running output is written; zero or negative switches it
	 * off
	 * @param writer writes a running execution's output
	 */
	public LiveOutputs(Duration interval, Writer writer) {
		this.writer = writer;
		if (interval.isZero() || interval.isNegative()) {
			this.thread = null;
			return;
		}
		this.thread = DaemonThreads.single("crony-live-output");
		long millis = Math.max(100, interval.toMillis());
		// fixed delay: a slow database spaces the writes out instead of piling them up
		this.thread.scheduleWithFixedDelay(this::writeChanged, millis, millis, TimeUnit.MILLISECONDS);
	}

	/**
	 * Follows a command's output until the session is closed.
	 * @param executionId the execution row (0, unknown while the database was
	 * unreachable: nothing is written)
	 */
	public Session open(long executionId, OutputBuffer buffer) {
		Session session = new Session(executionId, buffer);
		if (this.thread != null && executionId != 0) {
			this.sessions.put(executionId, session);
		}
		return session;
	}

	private void writeChanged() {
		for (Session session : this.sessions.values()) {
			try {
				session.writeIfChanged();
			}
			catch (RuntimeException ex) {
				warn(session.executionId, ex);
			}
		}
	}

	private void warn(long executionId, RuntimeException ex) {
		long now = System.nanoTime();
		if (now - this.lastWarningNanos >= WARN_EVERY_NANOS) {
			this.lastWarningNanos = now;
			logger.warn("Live output of execution {} not written ({}); the final output is recorded as usual",
					executionId, ex.toString());
		}
	}

	@Override
	public void close() {
		if (this.thread != null) {
			this.thread.shutdownNow();
		}
	}

	/** Writes one execution's running output. */
	@FunctionalInterface
	public interface Writer {

		/**
		 * Sets the output of the execution while it is RUNNING on this agent.
		 * @return whether the row took it: a run's start record is written up to
		 * {@code record-start-hold} after it began, and until then the row is not RUNNING
		 * and the same output is written again at the next interval
		 */
		boolean write(long executionId, String output);

	}

	/** One command's output being followed. */
	public final class Session implements AutoCloseable {

		private final long executionId;

		private final OutputBuffer buffer;

		private long written;

		private boolean closed;

		Session(long executionId, OutputBuffer buffer) {
			this.executionId = executionId;
			this.buffer = buffer;
		}

		private synchronized void writeIfChanged() {
			long size = this.buffer.size();
			if (this.closed || size == this.written) {
				return;
			}
			if (LiveOutputs.this.writer.write(this.executionId, this.buffer.text())) {
				this.written = size;
			}
		}

		/**
		 * Stops following: returns once no live write of this command is in flight, and
		 * none starts after.
		 */
		@Override
		public synchronized void close() {
			this.closed = true;
			LiveOutputs.this.sessions.remove(this.executionId, this);
		}

	}

}
