package io.crony.agent;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.DaemonThreads;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Holds the agent's start until the tables it writes exist. crony-web's migrations create
 * them when it starts; an agent started first (make run starts all at once, a fresh
 * install may too) would claim, record and poll against tables that are not there yet,
 * and fail each time with "bad SQL grammar".
 */
final class SchemaWait implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SchemaWait.class);

	/**
	 * The tables the agent writes: the newest of them comes with the newest migration.
	 */
	static final List<String> TABLES = List.of("execution", "execution_attempt", "execution_shard");

	private static final String PRESENT = "SELECT COUNT(*) FROM information_schema.TABLES"
			+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('execution', 'execution_attempt', 'execution_shard')";

	private final JdbcTemplate jdbc;

	private final Duration interval;

	private final Duration noAnswerGrace;

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-schema-wait");

	// set by the starting thread before the wait is scheduled, then by the wait's thread
	private volatile boolean announced;

	SchemaWait(JdbcTemplate jdbc, Duration interval, Duration noAnswerGrace) {
		this.jdbc = jdbc;
		this.interval = interval;
		this.noAnswerGrace = noAnswerGrace;
	}

	/**
	 * Runs {@code start} now when the schema is there; otherwise on this class's thread
	 * as soon as the tables exist, having said once that it waits for them. A database
	 * that does not answer for {@code noAnswerGrace} without ever having said the tables
	 * are missing is down rather than new: {@code start} runs then too (records spool
	 * until it is back). The grace covers a first connection slower than its timeout.
	 */
	void then(Runnable start) {
		Schema now = schema();
		if (now == Schema.PRESENT) {
			this.thread.shutdown();
			start.run();
			return;
		}
		if (now == Schema.MISSING) {
			announce();
		}
		long giveUpAt = System.nanoTime() + this.noAnswerGrace.toNanos();
		long millis = this.interval.toMillis();
		this.thread.scheduleWithFixedDelay(() -> {
			Schema schema = schema();
			if (schema == Schema.MISSING && !this.announced) {
				announce();
			}
			boolean down = schema == Schema.NO_ANSWER && !this.announced && System.nanoTime() - giveUpAt >= 0;
			if (schema == Schema.PRESENT || down) {
				if (this.announced) {
					logger.info("Schema found: the agent starts");
				}
				this.thread.shutdown();
				try {
					start.run();
				}
				catch (RuntimeException ex) {
					logger.error("Agent failed to start", ex);
				}
			}
		}, millis, millis, TimeUnit.MILLISECONDS);
	}

	private void announce() {
		this.announced = true;
		logger.warn(
				"Waiting for the schema: the database lacks the agent's tables ({}), which are created by "
						+ "crony-web when it starts; this agent starts as soon as they exist",
				String.join(", ", TABLES));
	}

	private Schema schema() {
		try {
			Integer present = this.jdbc.queryForObject(PRESENT, Integer.class);
			return (present != null && present == TABLES.size()) ? Schema.PRESENT : Schema.MISSING;
		}
		catch (DataAccessException ex) {
			return Schema.NO_ANSWER;
		}
	}

	private enum Schema {

		PRESENT, MISSING, NO_ANSWER

	}

	/** Stops waiting; a start under way is not interrupted. */
	@Override
	public void close() {
		this.thread.shutdown();
	}

}
