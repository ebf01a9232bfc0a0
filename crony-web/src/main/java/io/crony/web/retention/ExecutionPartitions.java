package io.crony.web.retention;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.crony.common.sql.SqlTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The days of table {@code execution} (V31: {@code PARTITION BY RANGE COLUMNS
 * (scheduled_at)}, one partition per UTC day, {@code p_history} before the first day and
 * the catch-all {@code pmax} after the last). The leader alone changes them, in two
 * steps:
 * <ul>
 * <li>{@link #addDaysAhead}: the days up to {@value #DAYS_AHEAD} days ahead are split out
 * of {@code pmax}, so a day's rows land in their own partition. {@code pmax} keeps an
 * insert safe when this is late; rows it took meanwhile move into their days at the next
 * split (a copy of those rows only).</li>
 * <li>{@link #dropExpired}: a day wholly older than every retention in force (the
 * platform's, every job's and every department's days) goes with {@code DROP PARTITION},
 * a change of metadata, instead of a DELETE of each of its rows; its runs' attempts,
 * shards and clears first, in batches (V31 took their foreign keys: a partitioned table
 * has none). A day still holding a row the purge must keep (one not over,
 * {@link OpenRuns}) is not dropped: the row purge ({@link ExecutionPurge}) removes the
 * rest of it, row by row, as before. A job's latest fire, which an agent taking the job
 * over reads, does not keep its day: it is kept in {@link LastFireMarks} first, and the
 * day goes whole.</li>
 * </ul>
 * Partition DDL is MariaDB/MySQL's own and runs here only, off the agents' path. On a
 * table that is not partitioned (a schema before V31) both steps do nothing.
 */
@Component
class ExecutionPartitions {

	private static final Logger log = LoggerFactory.getLogger(ExecutionPartitions.class);

	/** Days split out of {@code pmax} ahead of today (UTC). */
	static final int DAYS_AHEAD = 7;

	static final String CATCH_ALL = "pmax";

	private static final DateTimeFormatter BOUND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

	private static final DateTimeFormatter DAY_NAME = DateTimeFormatter.ofPattern("'p'yyyyMMdd");

	private static final List<String> CHILDREN = List.of("execution_attempt", "execution_shard", "execution_clear");

	private static final String HOLDS_OPEN_ROW = "SELECT id FROM execution WHERE scheduled_at >= ? AND scheduled_at < ?"
			+ " AND " + OpenRuns.OPEN + " LIMIT 1";

	private static final String LONGEST_DAYS = "SELECT GREATEST(?, COALESCE((SELECT MAX(retention_days) FROM job), 0),"
			+ " COALESCE((SELECT MAX(retention_days) FROM department), 0))";

	private final JdbcTemplate jdbc;

	private final RetentionProperties properties;

	private final LastFireMarks marks;

	ExecutionPartitions(JdbcTemplate jdbc, RetentionProperties properties, LastFireMarks marks) {
		this.jdbc = jdbc;
		this.properties = properties;
		this.marks = marks;
	}

	/** The table's partitions in order; empty when it is not partitioned. */
	List<Partition> list() {
		List<Partition> parts = new ArrayList<>();
		this.jdbc.query("SELECT PARTITION_NAME, PARTITION_DESCRIPTION FROM information_schema.PARTITIONS"
				+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'execution' AND PARTITION_NAME IS NOT NULL"
				+ " ORDER BY PARTITION_ORDINAL_POSITION", (rs) -> {
					Instant from = parts.isEmpty() ? null : parts.get(parts.size() - 1).until();
					parts.add(new Partition(rs.getString(1), from, bound(rs.getString(2))));
				});
		return parts;
	}

	private static Instant bound(String description) {
		if (description == null || "MAXVALUE".equalsIgnoreCase(description)) {
			return null;
		}
		return LocalDateTime.parse(description.replace("'", ""), BOUND).toInstant(ZoneOffset.UTC);
	}

	/**
	 * Splits the days from the last one there is up to {@value #DAYS_AHEAD} days after
	 * {@code now}'s out of {@code pmax}; the days a late run missed as well.
	 * @return the partitions added
	 */
	synchronized List<String> addDaysAhead(Instant now) {
		List<Partition> parts = list();
		if (parts.isEmpty()) {
			return List.of();
		}
		Partition last = parts.get(parts.size() - 1);
		Instant lastBound = (last.until() != null) ? last.until() : last.from();
		LocalDate next = (lastBound != null) ? LocalDate.ofInstant(lastBound, ZoneOffset.UTC)
				: LocalDate.ofInstant(now, ZoneOffset.UTC);
		LocalDate end = LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(DAYS_AHEAD + 1);
		List<String> added = new ArrayList<>();
		StringBuilder days = new StringBuilder();
		for (LocalDate day = next; day.isBefore(end); day = day.plusDays(1)) {
			String name = DAY_NAME.format(day);
			added.add(name);
			days.append("PARTITION ")
				.append(name)
				.append(" VALUES LESS THAN ('")
				.append(BOUND.format(day.plusDays(1).atStartOfDay()))
				.append("'), ");
		}
		if (added.isEmpty()) {
			return added;
		}
		if (last.until() == null) {
			// only the rows pmax took past the last day are copied, normally none
			this.jdbc.execute("ALTER TABLE execution REORGANIZE PARTITION " + last.name() + " INTO (" + days
					+ "PARTITION " + last.name() + " VALUES LESS THAN (MAXVALUE))");
		}
		else {
			this.jdbc.execute("ALTER TABLE execution ADD PARTITION (" + days.substring(0, days.length() - 2) + ")");
		}
		log.info("Execution days added ahead: {}", added);
		return added;
	}

	/**
	 * Drops, oldest first, the days wholly older than the longest retention in force that
	 * hold no row the purge must keep, with their runs' child rows, after keeping the
	 * latest fires among their rows ({@link LastFireMarks}).
	 * @param stillLeading asked before each day; false stops the drop
	 * @return what was dropped and what was kept back
	 */
	synchronized Drops dropExpired(Instant now, BooleanSupplier stillLeading) {
		List<Partition> parts = list();
		Drops drops = new Drops(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
		if (parts.isEmpty()) {
			return drops;
		}
		Integer longest = this.jdbc.queryForObject(LONGEST_DAYS, Integer.class, this.properties.days());
		Instant bound = now.minus((longest != null) ? longest : this.properties.days(), ChronoUnit.DAYS);
		for (Partition part : parts) {
			if (part.until() == null || part.until().isAfter(bound)) {
				break;
			}
			if (!stillLeading.getAsBoolean()) {
				break;
			}
			String keep = keptBecause(part);
			if (keep != null) {
				drops.kept().add(part.name() + ": " + keep);
				continue;
			}
			removeChildren(part);
			// the marks committed before the drop: a crash in between leaves the day and
			// marks of fires it still holds, harmless (readers take the newer of the row
			// and the mark: the same fire), and the next purge drops it
			List<Long> marked = this.marks.keep(from(part), part.until(), stillLeading);
			if (marked == null) {
				break;
			}
			drops.marked().addAll(marked);
			// asked again just before the drop: a backfill of an instant that old, or a
			// run cleared meanwhile, makes a row the purge must keep; the children of the
			// day's other rows, past every retention, are gone already either way, and a
			// mark of a fire the day keeps is that fire
			keep = keptBecause(part);
			if (keep != null) {
				drops.kept().add(part.name() + ": " + keep);
				continue;
			}
			this.jdbc.execute("ALTER TABLE execution DROP PARTITION " + part.name());
			drops.dropped().add(part.name());
		}
		if (!drops.dropped().isEmpty() || !drops.kept().isEmpty()) {
			log.info("Execution days past retention: dropped {}, kept {}; latest fires of {} jobs kept as marks",
					drops.dropped(), drops.kept(), drops.marked().size());
		}
		return drops;
	}

	/** Why the purge must keep a row of the day, or null when it keeps none. */
	private String keptBecause(Partition part) {
		boolean open = !this.jdbc
			.queryForList(HOLDS_OPEN_ROW, Long.class, SqlTime.of(from(part)), SqlTime.of(part.until()))
			.isEmpty();
		return open ? OpenRuns.DESCRIBED : null;
	}

	private static Instant from(Partition part) {
		return (part.from() != null) ? part.from() : Instant.EPOCH;
	}

	/**
	 * The attempts, shards and clears of the day's runs, {@code batch-size} at a time:
	 * read from the child table's side (they are few beside the day's rows) with each
	 * run's row found in this day alone.
	 */
	private void removeChildren(Partition part) {
		Object from = SqlTime.of(from(part));
		Object until = SqlTime.of(part.until());
		int batch = this.properties.batchSize();
		for (String child : CHILDREN) {
			while (true) {
				List<Long> ids = this.jdbc.queryForList("SELECT DISTINCT c.execution_id FROM " + child
						+ " c JOIN execution e ON e.id = c.execution_id AND e.scheduled_at >= ? AND e.scheduled_at < ?"
						+ " ORDER BY c.execution_id LIMIT ?", Long.class, from, until, batch);
				if (ids.isEmpty()) {
					break;
				}
				this.jdbc.update("DELETE FROM " + child + " WHERE execution_id IN ("
						+ String.join(", ", Collections.nCopies(ids.size(), "?")) + ")", ids.toArray());
				if (ids.size() < batch) {
					break;
				}
			}
		}
	}

	/**
	 * One partition: rows scheduled at or after {@code from} (null: the first) and before
	 * {@code until} (null: MAXVALUE).
	 */
	record Partition(String name, Instant from, Instant until) {
	}

	/**
	 * The days dropped, those kept back with why, and the jobs whose latest fire a day to
	 * drop held (kept in {@link LastFireMarks}).
	 */
	record Drops(List<String> dropped, List<String> kept, List<Long> marked) {
	}

}
