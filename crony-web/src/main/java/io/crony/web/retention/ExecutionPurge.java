package io.crony.web.retention;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.ScheduledFires;
import io.crony.common.sql.SqlTime;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Deletes finished execution rows past their job's retention. Every
 * {@code crony.web.retention.interval} the leader, and only the leader, walks every job
 * that has rows (also deleted jobs, whose rows follow the platform default) and removes,
 * oldest first, the finished rows (never PENDING, RUNNING nor WAITING: {@link OpenRuns})
 * scheduled before its bound:
 * <ul>
 * <li><b>by age</b>: scheduled before the UTC day {@code days} ago (a row goes with its
 * whole day, so the days older than every retention are dropped whole by
 * {@link ExecutionPartitions}, not row by row here);</li>
 * <li><b>by count</b>: older than the job's newest {@code maxCount} finished rows.</li>
 * </ul>
 * A row either rule removes is gone; the count is attributed to age first. A job with no
 * row before its age bound and no count limit is passed over without a read of its own.
 * Rows go {@code batch-size} at a time, each batch a SELECT of ids through
 * {@code uk_execution_fire (job_id, scheduled_at)} and a DELETE by primary key (its own
 * short transaction, locking only those rows), then a {@code pause}: agents' claims and
 * records, which write other rows of the same table, never wait long behind it.
 * <p>
 * <b>The latest fire is always kept.</b> An agent that takes a job over reads its latest
 * scheduled fire that left PENDING ({@link ScheduledFires}: CRON, MISFIRE, or released by
 * the job's upstreams; {@code FireHistory.lastFires} in crony-agent) and treats the
 * schedule's instants after it as missed (FIRE_NOW runs one, CATCH_UP up to
 * {@code catch-up-limit}). Were that row purged while an older one stayed (a RUNNING row
 * left behind), instants that did run would count as missed and run again. So each job's
 * bound is at most its latest fire's instant: a row at or after it is never removed, and
 * the rows kept are always the newest ones. A job's latest fire whose day was dropped
 * whole is read from its mark ({@link LastFireMarks}), the newer of the two counting.
 * Nothing else the agents read needs old rows: claims and released fires are PENDING,
 * async runs RUNNING, and a claim is an insert of a future (or at most seconds past)
 * instant, far newer than any row a purge removes.
 * <p>
 * Before the walk, whole days past every retention go with their partitions
 * ({@link ExecutionPartitions#dropExpired}): their rows are not deleted again here, nor
 * counted in {@code purge_run} (counter {@code crony.purge.partitions}). A row deleted
 * here takes its attempts, shards and clears with it, which no foreign key does since
 * V31.
 * <p>
 * Each purge is one {@code purge_run} row (read through {@code GET
 * /api/v1/retention/purges}), updated as it goes. An admin may ask for one now
 * ({@code POST /api/v1/retention/purges}: a REQUESTED row, which the leader takes up
 * within {@code request-poll}), or ask what one would remove without removing anything
 * ({@link #preview}), and the counter {@code crony.purge.rows} (tag {@code rule}: age,
 * count) and timer {@code crony.purge.duration}. A leader deposed part way stops after
 * its batch.
 */
@Component
class ExecutionPurge extends PeriodicTask {

	private static final Logger log = LoggerFactory.getLogger(ExecutionPurge.class);

	private static final String FINISHED = OpenRuns.FINISHED;

	/** Jobs read per step of the walk (and purge_run progress written after each). */
	private static final int JOBS_PER_STEP = 500;

	// each job with its oldest row's instant, from uk_execution_fire (job_id,
	// scheduled_at) alone by a loose index scan: an index dive per job and day, no row
	private static final String JOBS = "SELECT job_id, MIN(scheduled_at) FROM execution WHERE job_id > ? "
			+ "GROUP BY job_id ORDER BY job_id LIMIT ?";

	// the newer of the job's latest fire row and its mark (the fire of a day dropped
	// whole): one row, NULL when it has neither
	private static final String LATEST_FIRE = "SELECT "
			+ LastFireMarks.newerOf("(SELECT e.scheduled_at FROM execution e WHERE e.job_id = ? AND "
					+ ScheduledFires.ran("e") + " ORDER BY e.scheduled_at DESC LIMIT 1)", "?");

	private static final String NTH_NEWEST = "SELECT scheduled_at FROM execution WHERE job_id = ? AND " + FINISHED
			+ " ORDER BY scheduled_at DESC LIMIT 1 OFFSET ?";

	private static final String BATCH = "SELECT id, scheduled_at FROM execution FORCE INDEX (uk_execution_fire) "
			+ "WHERE job_id = ? AND scheduled_at > ? AND scheduled_at < ? AND " + FINISHED
			+ " ORDER BY scheduled_at LIMIT ?";

	private static final String COUNT = "SELECT COUNT(*) FROM execution FORCE INDEX (uk_execution_fire) "
			+ "WHERE job_id = ? AND scheduled_at >= ? AND scheduled_at < ? AND " + FINISHED;

	private static final List<String> CHILDREN = List.of("execution_attempt", "execution_shard", "execution_clear");

	private static final Instant BEGINNING = Instant.parse("1000-01-01T00:00:00Z");

	private final JdbcTemplate jdbc;

	private final LeaderElection election;

	private final RetentionRules rules;

	private final RetentionProperties properties;

	private final PurgeRuns runs;

	private final ExecutionPartitions partitions;

	private final Counter byAge;

	private final Counter daysDropped;

	private final Counter byCount;

	private final Timer duration;

	private final Clock clock = Clock.systemUTC();

	ExecutionPurge(JdbcTemplate jdbc, LeaderElection election, RetentionRules rules, RetentionProperties properties,
			PurgeRuns runs, ExecutionPartitions partitions, MeterRegistry meters) {
		super("crony-execution-purge", "Execution purge");
		this.jdbc = jdbc;
		this.election = election;
		this.rules = rules;
		this.properties = properties;
		this.runs = runs;
		this.partitions = partitions;
		this.daysDropped = Counter.builder("crony.purge.partitions")
			.description("Days of execution rows the retention purge dropped whole")
			.register(meters);
		this.byAge = removedCounter(meters, "age");
		this.byCount = removedCounter(meters, "count");
		this.duration = Timer.builder("crony.purge.duration")
			.description("How long each purge of execution rows took")
			.register(meters);
	}

	private static Counter removedCounter(MeterRegistry meters, String rule) {
		return Counter.builder("crony.purge.rows")
			.description("Execution rows the retention purge removed, by the rule that removed them")
			.tag("rule", rule)
			.register(meters);
	}

	@Override
	protected void round() {
		purge();
	}

	@Override
	protected Duration interval() {
		return this.properties.interval();
	}

	@Override
	protected Duration initialDelay() {
		return this.properties.initialDelay();
	}

	@Override
	protected boolean enabled() {
		return this.properties.enabled();
	}

	/**
	 * One purge, if this instance leads; it takes up a purge an admin asked for, if one
	 * waits.
	 * @return its record, or null when this instance does not lead
	 */
	synchronized PurgeRun purge() {
		if (!this.election.isLeader()) {
			return null;
		}
		long started = System.nanoTime();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		long id = this.runs.start(now);
		Tally tally = new Tally();
		String outcome;
		String error = null;
		try {
			// whole days first: what they held is not deleted again row by row below
			ExecutionPartitions.Drops drops = this.partitions.dropExpired(now, this::stillLeading);
			this.daysDropped.increment(drops.dropped().size());
			outcome = walk(now, tally, false, () -> this.runs.progress(id, tally.jobs, tally.age, tally.count));
		}
		catch (InterruptedPurge ex) {
			outcome = "STOPPED";
		}
		catch (RuntimeException ex) {
			outcome = "FAILED";
			error = ex.toString();
			log.warn("Execution purge {} failed after removing {} rows: {}", id, tally.age + tally.count,
					ex.toString());
		}
		this.runs.progress(id, tally.jobs, tally.age, tally.count);
		this.runs.finish(id, outcome, error, this.clock.instant());
		long nanos = System.nanoTime() - started;
		this.duration.record(nanos, TimeUnit.NANOSECONDS);
		if (tally.age + tally.count > 0 || !"COMPLETED".equals(outcome)) {
			log.info("Execution purge {} {}: {} rows removed ({} by age, {} by count) of {} jobs in {} ms", id, outcome,
					tally.age + tally.count, tally.age, tally.count, tally.jobs, nanos / 1_000_000);
		}
		return this.runs.find(id);
	}

	/**
	 * A purge an admin asked for ({@link PurgeRuns#request}), if one waits and this
	 * instance leads; nothing otherwise.
	 */
	void purgeIfRequested() {
		if (this.election.isLeader() && this.runs.requested()) {
			purge();
		}
	}

	/**
	 * What a purge would remove now, by the same rules and bounds, removing nothing: read
	 * only, so any instance answers it, leading or not.
	 */
	PurgePreview preview() {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Tally tally = new Tally();
		walk(now, tally, true, () -> {
		});
		return new PurgePreview(now, tally.jobs, tally.age, tally.count);
	}

	/**
	 * Every job that has rows, {@value #JOBS_PER_STEP} at a time, in the order of their
	 * ids.
	 * @param dryRun count the rows instead of removing them
	 * @param step called after each step of the walk
	 * @return COMPLETED, or STOPPED when leadership was lost on the way (a purge only)
	 */
	private String walk(Instant now, Tally tally, boolean dryRun, Runnable step) {
		long cursor = 0;
		while (true) {
			Map<Long, Instant> oldest = new LinkedHashMap<>();
			this.jdbc.query(JOBS, (rs) -> {
				oldest.put(rs.getLong(1), rs.getTimestamp(2).toInstant());
			}, cursor, JOBS_PER_STEP);
			if (oldest.isEmpty()) {
				return "COMPLETED";
			}
			List<Long> jobs = List.copyOf(oldest.keySet());
			Map<Long, Retention> own = overrides(jobs);
			for (long job : jobs) {
				if (!dryRun && !stillLeading()) {
					step.run();
					return "STOPPED";
				}
				Retention retention = this.rules.effective(own.get(job));
				if (mayHaveRowsToRemove(retention, oldest.get(job), now)) {
					purgeJob(job, retention, now, tally, dryRun);
				}
				tally.jobs++;
			}
			step.run();
			if (jobs.size() < JOBS_PER_STEP) {
				return "COMPLETED";
			}
			cursor = jobs.get(jobs.size() - 1);
		}
	}

	private boolean stillLeading() {
		return this.election.isLeader() && !Thread.currentThread().isInterrupted();
	}

	/**
	 * The jobs' own limits, a job's days falling back to its department's; a job not in
	 * the answer was deleted (platform default).
	 */
	private Map<Long, Retention> overrides(List<Long> jobs) {
		Map<Long, Retention> own = new HashMap<>();
		this.jdbc.query("SELECT j.id, COALESCE(j.retention_days, d.retention_days), j.retention_max_count"
				+ " FROM job j JOIN department d ON d.id = j.department_id WHERE j.id IN ("
				+ String.join(", ", Collections.nCopies(jobs.size(), "?")) + ")", (rs) -> {
					own.put(rs.getLong(1), new Retention(nullableInt(rs.getObject(2)), nullableInt(rs.getObject(3))));
				}, jobs.toArray());
		return own;
	}

	private static Integer nullableInt(Object value) {
		return (value != null) ? ((Number) value).intValue() : null;
	}

	/**
	 * Whether a job's rows need its queries: the age rule removes only rows before
	 * {@link #ageRuleBound} (or the job's latest fire, whichever is earlier), so a job
	 * whose oldest row is not before it has nothing to remove by age and is passed over
	 * without its two reads (the latest fire, a batch of ids); the count rule always
	 * reads. At 5,000 jobs with young rows those reads were about 1.7 s of MariaDB's
	 * statement time per purge, spent while the agents fire.
	 */
	private static boolean mayHaveRowsToRemove(Retention retention, Instant oldest, Instant now) {
		return retention.maxCount() != null || oldest.isBefore(ageRuleBound(retention, now));
	}

	/**
	 * The age rule's bound: the start of the UTC day {@code days} ago, so a row goes once
	 * its whole day is older than {@code days}. A day older than the longest retention
	 * then still holds its rows when {@link ExecutionPartitions#dropExpired} comes to it
	 * and goes whole; with the bound at now minus {@code days} the hourly walk deleted
	 * each row one by one as it crossed, and the day's partition was dropped with its
	 * last hour only.
	 */
	private static Instant ageRuleBound(Retention retention, Instant now) {
		return now.minus(retention.days(), ChronoUnit.DAYS).truncatedTo(ChronoUnit.DAYS);
	}

	private void purgeJob(long job, Retention retention, Instant now, Tally tally, boolean dryRun) {
		Instant latestFire = instant(this.jdbc.query(LATEST_FIRE, (rs, i) -> {
			Timestamp at = rs.getTimestamp(1);
			return (at != null) ? at.toInstant() : null;
		}, job, job, job, job));
		Instant ageBound = earlier(ageRuleBound(retention, now), latestFire);
		long age = dryRun ? countBetween(job, BEGINNING, ageBound) : deleteBefore(job, ageBound);
		tally.age += age;
		if (!dryRun) {
			this.byAge.increment(age);
		}
		if (retention.maxCount() != null) {
			// the instant of the newest row beyond the count: it and all older go. The
			// count's newest rows are the same before and after the age rule removes the
			// oldest, so a dry run reads the same bound a purge does.
			Instant beyond = instant(
					this.jdbc.query(NTH_NEWEST, (rs, i) -> rs.getTimestamp(1).toInstant(), job, retention.maxCount()));
			if (beyond != null) {
				Instant countBound = earlier(beyond.plusMillis(1), latestFire);
				// a dry run leaves the rows the age rule would remove, so it counts the
				// rest only
				long count = dryRun ? countBetween(job, ageBound, countBound) : deleteBefore(job, countBound);
				tally.count += count;
				if (!dryRun) {
					this.byCount.increment(count);
				}
			}
		}
	}

	/**
	 * The job's finished rows scheduled at or after {@code from} and before {@code to}.
	 */
	private long countBetween(long job, Instant from, Instant to) {
		if (!from.isBefore(to)) {
			return 0;
		}
		Long rows = this.jdbc.queryForObject(COUNT, Long.class, job, SqlTime.of(from), SqlTime.of(to));
		return (rows != null) ? rows : 0;
	}

	/** Removes the job's finished rows scheduled before {@code bound}, in batches. */
	private long deleteBefore(long job, Instant bound) {
		long removed = 0;
		Instant after = BEGINNING;
		while (true) {
			List<Object[]> batch = this.jdbc.query(BATCH,
					(rs, i) -> new Object[] { rs.getLong(1), rs.getTimestamp(2).toInstant() }, job, SqlTime.of(after),
					SqlTime.of(bound), this.properties.batchSize());
			if (batch.isEmpty()) {
				return removed;
			}
			Object[] ids = batch.stream().map((row) -> row[0]).toArray();
			// the status again: nothing may start a finished row, but nothing is lost
			// by asking
			String in = String.join(", ", Collections.nCopies(ids.length, "?"));
			removed += this.jdbc.update("DELETE FROM execution WHERE id IN (" + in + ") AND " + FINISHED, ids);
			// the runs' attempts, shards and clears, which no foreign key removes since
			// V31; only those of rows now gone
			for (String child : CHILDREN) {
				this.jdbc.update("DELETE FROM " + child + " WHERE execution_id IN (" + in
						+ ") AND NOT EXISTS (SELECT 1 FROM execution e WHERE e.id = " + child + ".execution_id)", ids);
			}
			if (batch.size() < this.properties.batchSize()) {
				return removed;
			}
			after = (Instant) batch.get(batch.size() - 1)[1];
			pause();
		}
	}

	private void pause() {
		if (!stillLeading()) {
			throw new InterruptedPurge();
		}
		if (this.properties.pause().isZero()) {
			return;
		}
		try {
			Thread.sleep(this.properties.pause().toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedPurge();
		}
	}

	private static Instant instant(List<Instant> rows) {
		return rows.isEmpty() ? null : rows.get(0);
	}

	private static Instant earlier(Instant bound, Instant latestFire) {
		return (latestFire != null && latestFire.isBefore(bound)) ? latestFire : bound;
	}

	/** Rows removed so far, by rule. */
	private static final class Tally {

		int jobs;

		long age;

		long count;

	}

	/** Leadership lost, or the task stopped, between two batches. */
	private static final class InterruptedPurge extends RuntimeException {

		InterruptedPurge() {
			super(null, null, false, false);
		}

	}

}
