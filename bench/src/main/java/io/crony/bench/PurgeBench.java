package io.crony.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.test.LocalServices;
import io.etcd.jetcd.Client;

import static io.crony.bench.AgentBench.freePort;
import static io.crony.bench.AgentBench.jar;
import static io.crony.bench.AgentBench.loadAverage;
import static io.crony.bench.AgentBench.sleepUntil;
import static io.crony.bench.ClusterBench.count;
import static io.crony.bench.ClusterBench.waitFor;

/**
 * The retention purge beside firing: {@code crony.bench.rows} finished execution rows
 * older than the 30-day default, spread over {@code crony.bench.jobs} every-second HTTP
 * jobs on one agent, then the target lateness of those jobs over a window without a purge
 * and over the whole purge of those rows, which the leader starts by itself
 * ({@code crony.web.retention.initial-delay}, set so it comes after the first window).
 * Its own etcd and MariaDB ({@link LocalServices#dedicated()}); crony-web and crony-agent
 * run from their executable jars as separate processes.
 *
 * <p>
 * The rows are written before crony-web starts the run (a first crony-web start only
 * creates the schema): a seed of up to 10,000 rows, then {@code INSERT ... SELECT} of the
 * rows so far, shifted by as many seconds as there are rows, until there are enough: one
 * row per second of history, each of one of the jobs, the newest 35 days old.
 *
 * <p>
 * System properties: {@code crony.bench.rows} (10000000), {@code crony.bench.jobs}
 * (1000), {@code crony.bench.seconds} in the window without a purge (60),
 * {@code crony.bench.warmup} seconds (10), {@code crony.bench.purge-delay} seconds from
 * crony-web's start to the purge (default: time to assign the jobs, the warm-up and the
 * window, plus 60 s), {@code crony.bench.batch-size} (crony-web's default, 2000) and
 * {@code crony.bench.pause} (default 20ms) of the purge, {@code crony.bench.days} (true:
 * the history in partitions of its days, which the purge drops whole; false: all of it in
 * p_history beside today's rows, deleted row by row), {@code crony.bench.agent-jvm},
 * {@code crony.bench.web-args}, {@code crony.bench.db-args} (more mariadbd flags).
 */
public final class PurgeBench {

	static final String SCHEMA = "crony_purge_bench";

	private static final DateTimeFormatter SQL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
		.withZone(ZoneOffset.UTC);

	private static final int CHUNK = 200_000;

	private PurgeBench() {
	}

	public static void main(String[] args) throws Exception {
		long rows = Long.getLong("crony.bench.rows", 10_000_000L);
		int jobs = Integer.getInteger("crony.bench.jobs", 1000);
		int seconds = Integer.getInteger("crony.bench.seconds", 60);
		int warmup = Integer.getInteger("crony.bench.warmup", 10);
		long purgeDelay = Long.getLong("crony.bench.purge-delay", 60 + warmup + seconds + 60);
		Path webJar = jar("crony-web");
		Path agentJar = jar("crony-agent");
		System.out.printf("crony purge bench: %d rows, %d every-second jobs, %d s window, %d cores, load %s%n", rows,
				jobs, seconds, Runtime.getRuntime().availableProcessors(), loadAverage());
		// e.g. --innodb-buffer-pool-size=2G: MariaDB's default 128 MB holds 10 million
		// rows'
		// indexes only in part, so the purge then waits on the disk
		String dbArgs = System.getProperty("crony.bench.db-args", "");
		try (LocalServices services = LocalServices.dedicated("", dbArgs)) {
			services.createSchema(SCHEMA);
			CronyKeys keys = new CronyKeys("/crony-purge-bench");
			String jdbcUrl = services.jdbcUrl(SCHEMA);
			String etcdUrl = services.etcdEndpoint();
			try (Connection db = DriverManager.getConnection(jdbcUrl, LocalServices.DB_USER,
					LocalServices.DB_PASSWORD)) {
				// the schema, by crony-web's migrations
				try (WebProcess web = WebProcess.start(webJar, etcdUrl, jdbcUrl, keys.prefix(), freePort(),
						List.of("--crony.web.retention.enabled=false"))) {
					waitFor("crony-web migrated the schema", Duration.ofMinutes(2),
							() -> count(db, "SELECT COUNT(*) FROM purge_run") == 0 && web.alive());
				}
				if (Boolean.parseBoolean(System.getProperty("crony.bench.days", "true"))) {
					historyByDay(db, rows);
				}
				fill(db, rows, jobs);
				List<String> purge = List.of("--crony.web.retention.initial-delay=" + purgeDelay + "s",
						"--crony.web.retention.interval=24h",
						"--crony.web.retention.batch-size=" + System.getProperty("crony.bench.batch-size", "2000"),
						"--crony.web.retention.pause=" + System.getProperty("crony.bench.pause", "20ms"));
				long webStarted = System.currentTimeMillis();
				try (LoopbackTarget target = LoopbackTarget.start();
						WebProcess web = WebProcess.start(webJar, etcdUrl, jdbcUrl, keys.prefix(), freePort(), purge);
						Client client = Client.builder().endpoints(etcdUrl).build();
						AgentProcess agent = AgentProcess.start(agentJar, "agent-purge", freePort(), etcdUrl, jdbcUrl,
								keys.prefix())) {
					EtcdCounts etcd = new EtcdCounts(client, keys);
					waitFor("web leader elected", Duration.ofMinutes(2), () -> etcd.leaders() == 1 && web.alive());
					waitFor("agent online", Duration.ofMinutes(2),
							() -> count(db, "SELECT COUNT(*) FROM agent WHERE status = 'ONLINE'") == 1
									&& agent.alive());
					assign(db, etcd, agent, target, jobs);
					run(db, target, jobs, warmup, seconds, webStarted + purgeDelay * 1000);
				}
			}
		}
	}

	/**
	 * Splits V31's p_history, still empty, into one partition per day of the history to
	 * come (and today's), as the days would be had the leader made them ahead while the
	 * history was written, so the purge can drop whole days. With
	 * {@code -Dcrony.bench.days=false} the history stays in p_history beside today's
	 * rows, where only the row-by-row purge can remove it.
	 */
	static void historyByDay(Connection db, long rows) throws SQLException {
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		LocalDate first = LocalDate.ofInstant(Instant.now().minus(35, ChronoUnit.DAYS).minusSeconds(rows + 86_400),
				ZoneOffset.UTC);
		StringBuilder days = new StringBuilder("PARTITION p_history VALUES LESS THAN ('" + first + " 00:00:00')");
		for (LocalDate day = first; !day.isAfter(today); day = day.plusDays(1)) {
			days.append(", PARTITION p")
				.append(day.toString().replace("-", ""))
				.append(" VALUES LESS THAN ('")
				.append(day.plusDays(1))
				.append(" 00:00:00')");
		}
		try (Statement statement = db.createStatement()) {
			statement.execute("ALTER TABLE execution REORGANIZE PARTITION p_history INTO (" + days + ")");
		}
		System.out.printf("history by day: %s .. %s%n", first, today);
	}

	/** Writes the history: one finished row per second, the newest 35 days old. */
	static void fill(Connection db, long rows, int jobs) throws SQLException {
		long start = System.nanoTime();
		Instant base = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(35, ChronoUnit.DAYS).minusSeconds(rows);
		int seed = (int) Math.min(rows, 10_000);
		db.setAutoCommit(false);
		try (PreparedStatement insert = db.prepareStatement("INSERT INTO execution (job_id, job_name, agent_id,"
				+ " trigger_type, status, scheduled_at, started_at, finished_at, attempt, output, updated_at)"
				+ " VALUES (?, 'history', 'agent-history', 'CRON', 'SUCCEEDED', ?, ?, ?, 1, 'ok', ?)")) {
			for (int i = 0; i < seed; i++) {
				String at = SQL_TIME.format(base.plusSeconds(i));
				insert.setLong(1, 1 + (i % jobs));
				insert.setString(2, at);
				insert.setString(3, at);
				insert.setString(4, at);
				insert.setString(5, at);
				insert.addBatch();
			}
			insert.executeBatch();
			db.commit();
		}
		finally {
			db.setAutoCommit(true);
		}
		long have = seed;
		while (have < rows) {
			// the rows so far, shifted by as many seconds: (job_id, scheduled_at) stays
			// unique
			long shift = have;
			long copy = Math.min(have, rows - have);
			long cursor = 0;
			for (long done = 0; done < copy; done += CHUNK) {
				long take = Math.min(CHUNK, copy - done);
				try (PreparedStatement insert = db.prepareStatement("INSERT INTO execution (job_id, job_name,"
						+ " agent_id, trigger_type, status, scheduled_at, started_at, finished_at, attempt, output,"
						+ " updated_at) SELECT job_id, job_name, agent_id, trigger_type, status,"
						+ " scheduled_at + INTERVAL ? SECOND, started_at + INTERVAL ? SECOND,"
						+ " finished_at + INTERVAL ? SECOND, attempt, output, updated_at + INTERVAL ? SECOND"
						+ " FROM execution WHERE id > ? ORDER BY id LIMIT ?")) {
					for (int p = 1; p <= 4; p++) {
						insert.setLong(p, shift);
					}
					insert.setLong(5, cursor);
					insert.setLong(6, take);
					insert.executeUpdate();
				}
				cursor = count(db,
						"SELECT id FROM execution WHERE id > " + cursor + " ORDER BY id LIMIT 1 OFFSET " + (take - 1));
			}
			have += copy;
			System.out.printf("  %d history rows%n", have);
		}
		System.out.printf("%d history rows (%s .. %s) written in %.1f s%n", rows, base, base.plusSeconds(rows - 1),
				(System.nanoTime() - start) / 1e9);
	}

	static void assign(Connection db, EtcdCounts etcd, AgentProcess agent, LoopbackTarget target, int jobs)
			throws Exception {
		String url = target.url("/ok");
		JobInserter
			.insert(db, 1, jobs,
					(id) -> new JobSpec(id, "bench-" + id, null, FireStats.schedule(id, 1), "UTC",
							new TargetSpec(TargetType.HTTP, "GET", url, Map.of(), null, TargetMode.SYNC, null,
									List.of()),
							10, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true,
							1));
		waitFor(jobs + " keys under " + agent.id(), Duration.ofMinutes(10),
				() -> etcd.assignments(agent.id()) == jobs && agent.alive());
	}

	/** The window without a purge, then the purge, each with its lateness. */
	static void run(Connection db, LoopbackTarget target, int jobs, int warmup, int seconds, long purgeAt)
			throws Exception {
		long fromSecond = System.currentTimeMillis() / 1000 + warmup;
		long untilSecond = fromSecond + seconds;
		sleepUntil(untilSecond * 1000 + 3000);
		if (count(db, "SELECT COUNT(*) FROM purge_run") != 0) {
			throw new IllegalStateException("The purge started before the window without it ended: "
					+ "give a larger -Dcrony.bench.purge-delay (seconds from crony-web's start)");
		}
		FireStats quiet = FireStats.of(target.calls(), 1, jobs, 1, fromSecond, untilSecond);
		System.out.printf("without purge: %s | load %s%n", line(quiet), loadAverage());
		System.out.printf("purge due in %d s%n", Math.max(0, (purgeAt - System.currentTimeMillis()) / 1000));
		long history = count(db, "SELECT COUNT(*) FROM execution WHERE job_name = 'history'");
		waitFor("the purge started", Duration.ofMinutes(30), () -> count(db, "SELECT COUNT(*) FROM purge_run") > 0);
		waitFor("the purge finished", Duration.ofHours(6),
				() -> count(db, "SELECT COUNT(*) FROM purge_run WHERE finished_at IS NOT NULL") > 0);
		try (Statement statement = db.createStatement();
				ResultSet rs = statement.executeQuery("SELECT started_at, finished_at, outcome, removed_by_age,"
						+ " removed_by_count, jobs_examined FROM purge_run ORDER BY id LIMIT 1")) {
			rs.next();
			Instant started = instant(rs.getTimestamp(1));
			Instant finished = instant(rs.getTimestamp(2));
			// rows in the days it dropped whole are not in its counts: what is gone is
			long removed = history - count(db, "SELECT COUNT(*) FROM execution WHERE job_name = 'history'");
			long deleted = rs.getLong(4) + rs.getLong(5);
			double took = Duration.between(started, finished).toMillis() / 1000.0;
			// whole seconds inside the purge
			long purgeFrom = started.getEpochSecond() + 1;
			long purgeUntil = finished.getEpochSecond();
			sleepUntil(purgeUntil * 1000 + 3000);
			FireStats during = FireStats.of(target.calls(), 1, jobs, 1, purgeFrom, Math.max(purgeFrom, purgeUntil));
			System.out.printf(
					"purge %s: %d rows removed (%d deleted row by row, the rest in days dropped whole;"
							+ " of %d jobs) in %.1f s, %.0f rows/s%n",
					rs.getString(3), removed, deleted, rs.getInt(6), took, removed / Math.max(0.001, took));
			System.out.printf("during purge (%d s): %s | load %s%n", purgeUntil - purgeFrom, line(during),
					loadAverage());
			System.out.println();
			System.out.printf(
					"%d jobs every 1 s | target lateness p99 ms: %d without purge, %d during the purge of %d rows"
							+ " (%.0f s) | missed %d / %d%n",
					jobs, quiet.percentile(99), during.percentile(99), removed, took, quiet.missed(), during.missed());
		}
		long left = count(db, "SELECT COUNT(*) FROM execution WHERE job_name = 'history'");
		System.out.printf("history rows left: %d%n", left);
	}

	private static String line(FireStats stats) {
		return String.format("target lateness ms p50 %d p99 %d p99.9 %d max %d | expected %d observed %d missed %d",
				stats.percentile(50), stats.percentile(99), stats.percentile(99.9), stats.percentile(100),
				stats.expected(), stats.observed(), stats.missed());
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp.toInstant();
	}

}
