package io.crony.agent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.DaemonThreads;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Holds the agent's start until the tables and columns it uses exist
 * ({@link AgentColumns}). crony-web's migrations create them when it starts; an agent
 * started first (make run starts all at once, a fresh install may too) would claim,
 * record and poll against tables that are not there yet, and an agent newer than the
 * database's migrations against columns that are not there yet, and fail each time with
 * "bad SQL grammar".
 */
final class SchemaWait implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SchemaWait.class);

	private static final String PRESENT = "SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS"
			+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ("
			+ String.join(", ", Collections.nCopies(AgentColumns.BY_TABLE.size(), "?")) + ")";

	private final JdbcTemplate jdbc;

	private final Duration interval;

	private final Duration noAnswerGrace;

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-schema-wait");

	// what was last said to be missing, null before: set by the starting thread before
	// the wait is scheduled, then by the wait's thread
	private volatile List<String> announced;

	SchemaWait(JdbcTemplate jdbc, Duration interval, Duration noAnswerGrace) {
		this.jdbc = jdbc;
		this.interval = interval;
		this.noAnswerGrace = noAnswerGrace;
	}

	/**
	 * Runs {@code start} now when the schema is there; otherwise on this class's thread
	 * as soon as its tables and columns exist, having said that it waits for them. A
	 * database that does not answer for {@code noAnswerGrace} without ever having said
	 * what is missing is down rather than new: {@code start} runs then too (records spool
	 * until it is back). The grace covers a first connection slower than its timeout.
	 */
	void then(Runnable start) {
		List<String> now = missing();
		if (now != null && now.isEmpty()) {
			this.thread.shutdown();
			start.run();
			return;
		}
		if (now != null) {
			announce(now);
		}
		long giveUpAt = System.nanoTime() + this.noAnswerGrace.toNanos();
		long millis = this.interval.toMillis();
		this.thread.scheduleWithFixedDelay(() -> {
			List<String> missing = missing();
			if (missing != null && !missing.isEmpty()) {
				announce(missing);
			}
			boolean down = missing == null && this.announced == null && System.nanoTime() - giveUpAt >= 0;
			if ((missing != null && missing.isEmpty()) || down) {
				if (this.announced != null) {
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

	// said at WARN once; again at INFO when what is missing changes (a migration under
	// way
	// has created the tables but not yet the newest columns), so the log names what the
	// agent still waits for
	private void announce(List<String> missing) {
		if (missing.equals(this.announced)) {
			return;
		}
		String what = describe(missing);
		if (this.announced == null) {
			logger.warn("Waiting for the schema: the database lacks {}, created by crony-web's migrations when it "
					+ "starts; this agent starts as soon as they exist", what);
		}
		else {
			logger.info("Still waiting for the schema: the database now lacks {}", what);
		}
		this.announced = missing;
	}

	// "tables a, b and column c.x": the tables first, then the columns
	private static String describe(List<String> missing) {
		List<String> tables = missing.stream().filter((name) -> !name.contains(".")).toList();
		List<String> columns = missing.stream().filter((name) -> name.contains(".")).toList();
		List<String> parts = new ArrayList<>();
		if (!tables.isEmpty()) {
			parts.add(((tables.size() == 1) ? "table " : "tables ") + String.join(", ", tables));
		}
		if (!columns.isEmpty()) {
			parts.add(((columns.size() == 1) ? "column " : "columns ") + String.join(", ", columns));
		}
		return String.join(" and ", parts);
	}

	/**
	 * What the database lacks of the agent's schema: each table that is not there
	 * ({@code X}), each column missing from a table that is ({@code X.Y}); null when the
	 * database does not answer.
	 */
	private List<String> missing() {
		Map<String, Set<String>> present = new HashMap<>();
		try {
			this.jdbc.query(PRESENT, (rs) -> {
				present.computeIfAbsent(rs.getString(1).toLowerCase(Locale.ROOT), (table) -> new HashSet<>())
					.add(rs.getString(2).toLowerCase(Locale.ROOT));
			}, AgentColumns.BY_TABLE.keySet().toArray());
		}
		catch (DataAccessException ex) {
			return null;
		}
		List<String> missing = new ArrayList<>();
		AgentColumns.BY_TABLE.forEach((table, columns) -> {
			Set<String> there = present.get(table);
			if (there == null) {
				missing.add(table);
				return;
			}
			columns.stream()
				.filter((column) -> !there.contains(column))
				.forEach((column) -> missing.add(table + "." + column));
		});
		return missing;
	}

	/** Stops waiting; a start under way is not interrupted. */
	@Override
	public void close() {
		this.thread.shutdown();
	}

}
