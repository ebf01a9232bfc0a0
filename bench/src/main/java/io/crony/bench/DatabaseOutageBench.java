package io.crony.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.test.FaultProxy;
import io.crony.test.LocalServices;
import io.etcd.jetcd.Client;

import static io.crony.bench.AgentBench.freePort;
import static io.crony.bench.AgentBench.jar;
import static io.crony.bench.AgentBench.loadAverage;
import static io.crony.bench.AgentBench.sleepUntil;
import static io.crony.bench.ClusterBench.count;
import static io.crony.bench.ClusterBench.waitFor;

/**
 * MariaDB away for one agent under load, measured: one crony-agent (from its jar, its own
 * JVM) runs {@code crony.bench.jobs} every-second HTTP jobs against a loopback target in
 * this JVM, its datasource through a {@link FaultProxy}; after a warm-up and a baseline
 * window the route is cut (every connection reset, new ones refused: MariaDB itself keeps
 * running, for crony-web too) for {@code crony.bench.outage}, then restored, and the
 * bench waits for the agent's spool to drain.
 *
 * <p>
 * Every 30 s it prints the spool's size (the agent's gauge and the files on disk), the
 * agent's heap and the lateness at the target; at the end it checks, fire by fire
 * ({@link OutageLedger}), that each due instant was called once with one SUCCEEDED row
 * (or not run, with a row saying so by the misfire policy), that nothing was quarantined,
 * that the spool stayed under its bound and drained, and the lateness against the
 * baseline, and exits 1 if a check fails.
 *
 * <p>
 * System properties: {@code crony.bench.outage} (10m; 1m is the short form),
 * {@code crony.bench.jobs} (1000), {@code crony.bench.warmup} seconds (20),
 * {@code crony.bench.baseline} seconds (60), {@code crony.bench.after} seconds measured
 * once drained (30), {@code crony.bench.spool-max-bytes} (1 GiB, the agent's default,
 * passed to it), {@code crony.bench.lateness-slack-ms} (1000: how much later than the
 * baseline the outage's p99 may be), {@code crony.bench.heap-growth-mb} (100: how much
 * the agent's live heap may grow over the outage), and those of {@link AgentProcess}.
 */
public final class DatabaseOutageBench {

	static final String SCHEMA = "crony_db_outage_bench";

	private static final DateTimeFormatter SQL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
		.withZone(ZoneOffset.UTC);

	private static final int EVERY = 1;

	private static final long FIRST_ID = 1;

	private final AgentProcess agent;

	private final LoopbackTarget target;

	private final Connection db;

	private final Path spoolDir;

	private final int jobs;

	private final List<String> failures = new ArrayList<>();

	private long peakSpoolBytes;

	private long peakSpoolOnDisk;

	private long peakHeapBytes;

	private DatabaseOutageBench(AgentProcess agent, LoopbackTarget target, Connection db, Path spoolDir, int jobs) {
		this.agent = agent;
		this.target = target;
		this.db = db;
		this.spoolDir = spoolDir;
		this.jobs = jobs;
	}

	public static void main(String[] args) throws Exception {
		Duration outage = duration(System.getProperty("crony.bench.outage", "10m"));
		int jobs = Integer.getInteger("crony.bench.jobs", 1000);
		long spoolMax = Long.getLong("crony.bench.spool-max-bytes", 1L << 30);
		Path webJar = jar("crony-web");
		Path agentJar = jar("crony-agent");
		System.out.printf("crony database outage bench: %d every-second jobs, MariaDB away %d s, %d cores, load %s%n",
				jobs, outage.toSeconds(), Runtime.getRuntime().availableProcessors(), loadAverage());
		boolean passed;
		try (LocalServices services = LocalServices.dedicated(); FaultProxy proxy = FaultProxy.start()) {
			services.createSchema(SCHEMA);
			FaultProxy.Route mariadb = proxy.route("mariadb", services.dbPort());
			CronyKeys keys = new CronyKeys("/crony-db-outage-bench");
			String jdbcUrl = services.jdbcUrl(SCHEMA);
			// crony-web and this bench reach MariaDB directly: only the agent loses it
			String agentJdbcUrl = jdbcUrl.replace("127.0.0.1:" + services.dbPort() + "/",
					"127.0.0.1:" + mariadb.port() + "/");
			String etcdUrl = services.etcdEndpoint();
			try (LoopbackTarget target = LoopbackTarget.start();
					WebProcess web = WebProcess.start(webJar, etcdUrl, jdbcUrl, keys.prefix(), freePort());
					Client client = Client.builder().endpoints(etcdUrl).build();
					Connection db = DriverManager.getConnection(jdbcUrl, LocalServices.DB_USER,
							LocalServices.DB_PASSWORD)) {
				EtcdCounts etcd = new EtcdCounts(client, keys);
				waitFor("web leader elected", Duration.ofMinutes(2), () -> etcd.leaders() == 1 && web.alive());
				String agentId = "agent-dbaway";
				try (AgentProcess agent = AgentProcess.start(agentJar, agentId, freePort(), etcdUrl, agentJdbcUrl,
						keys.prefix(), List.of("--crony.agent.spool-max-size=" + spoolMax + "B"))) {
					waitFor("agent online", Duration.ofMinutes(2),
							() -> count(db, "SELECT COUNT(*) FROM agent WHERE status = 'ONLINE'") == 1
									&& agent.alive());
					DatabaseOutageBench bench = new DatabaseOutageBench(agent, target, db,
							Path.of("bench/target/spool-" + agentId).toAbsolutePath(), jobs);
					bench.assign(etcd, agentId);
					passed = bench.run(mariadb, outage, spoolMax);
				}
			}
		}
		System.out.println(passed ? "PASSED" : "FAILED");
		if (!passed) {
			System.exit(1);
		}
	}

	/** Writes the job rows as the job API does and waits until the agent holds them. */
	private void assign(EtcdCounts etcd, String agentId) throws Exception {
		String url = this.target.url("/ok");
		long start = System.nanoTime();
		JobInserter
			.insert(this.db, FIRST_ID, this.jobs,
					(id) -> new JobSpec(id, "bench-" + id, null, FireStats.schedule(id, EVERY), "UTC",
							new TargetSpec(TargetType.HTTP, "GET", url, Map.of(), null, TargetMode.SYNC, null,
									List.of()),
							10, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true,
							1));
		waitFor(this.jobs + " keys under " + agentId, Duration.ofMinutes(10),
				() -> etcd.assignments(agentId) == this.jobs && this.agent.alive());
		waitFor(agentId + " holds " + this.jobs + " jobs", Duration.ofMinutes(2),
				() -> AgentScrape.parse(this.agent.prometheus()).jobs() == this.jobs);
		System.out.printf("%d jobs assigned to %s in %.1f s%n", this.jobs, agentId, (System.nanoTime() - start) / 1e9);
	}

	private boolean run(FaultProxy.Route mariadb, Duration outage, long spoolMax) throws Exception {
		long heapBefore = LiveHeap.of(this.agent.pid()).bytes();
		long from = System.currentTimeMillis() / 1000 + Integer.getInteger("crony.bench.warmup", 20);
		long cutAt = from + Integer.getInteger("crony.bench.baseline", 60);
		long restoreAt = cutAt + outage.toSeconds();
		// scraped half-way between instants; the first scrape (class loading) in the
		// warm-up
		long misfiresBefore = Math.max(0, gauge(this.agent.prometheus(), "crony_agent_misfires_total"));
		for (long second = from; second < cutAt - 1; second++) {
			sample(second);
		}
		// cut and restored half a second before an instant: instants [cutAt, restoreAt)
		// are the outage's
		sleepUntil(cutAt * 1000 - 500);
		mariadb.cut();
		System.out.printf("%s MariaDB cut for the agent (load %s)%n", Instant.now(), loadAverage());
		long heapAtEnd = -1;
		for (long second = cutAt; second < restoreAt - 1; second++) {
			if (second == restoreAt - 4) {
				// a full GC: the live set after the outage, not the garbage
				heapAtEnd = LiveHeap.of(this.agent.pid()).bytes();
				continue;
			}
			Sample sample = sample(second);
			if ((second - cutAt) % 30 == 29) {
				progress("outage", second - cutAt + 1, second, sample);
			}
		}
		sleepUntil(restoreAt * 1000 - 500);
		mariadb.restore();
		long restored = System.nanoTime();
		System.out.printf("%s MariaDB back for the agent (load %s)%n", Instant.now(), loadAverage());
		long drainTimeout = restoreAt + Duration.ofMinutes(30).toSeconds();
		long second = restoreAt;
		long drainedSecond = -1;
		while (drainedSecond < 0 && second < drainTimeout) {
			Sample sample = sample(second);
			if (sample.spoolBytes() == 0) {
				drainedSecond = second;
			}
			else if ((second - restoreAt) % 30 == 29) {
				progress("draining", second - restoreAt + 1, second, sample);
			}
			second++;
		}
		double drainSeconds = (System.nanoTime() - restored) / 1e9;
		long until = ((drainedSecond < 0) ? second : drainedSecond) + Integer.getInteger("crony.bench.after", 30);
		for (; second < until; second++) {
			sample(second);
		}
		Sample last = sample(until);
		// calls of the last instants still on their way
		sleepUntil(until * 1000 + 3000);
		long misfires = gauge(this.agent.prometheus(), "crony_agent_misfires_total") - misfiresBefore;
		return report(from, cutAt, restoreAt, until, drainedSecond >= 0, drainSeconds, spoolMax, heapBefore, heapAtEnd,
				last, misfires);
	}

	private boolean report(long from, long cutAt, long restoreAt, long until, boolean drained, double drainSeconds,
			long spoolMax, long heapBefore, long heapAtEnd, Sample last, long misfires) throws Exception {
		List<LoopbackTarget.Call> calls = this.target.calls();
		long finished = awaitRecords(from, until);
		OutageLedger ledger = OutageLedger.of(calls, rows(from, until), FIRST_ID, this.jobs, EVERY, from, until);
		FireStats baseline = FireStats.of(calls, FIRST_ID, this.jobs, EVERY, from, cutAt);
		FireStats away = FireStats.of(calls, FIRST_ID, this.jobs, EVERY, cutAt, restoreAt);
		FireStats back = FireStats.of(calls, FIRST_ID, this.jobs, EVERY, restoreAt, until);
		FireStats whole = FireStats.of(calls, FIRST_ID, this.jobs, EVERY, from, until);
		Path quarantine = this.spoolDir.resolve("executions.quarantine.jsonl");
		long quarantined = Files.exists(quarantine) ? Files.size(quarantine) : 0;
		long slack = Long.getLong("crony.bench.lateness-slack-ms", 1000);
		long heapGrowth = heapAtEnd - heapBefore;
		System.out.println();
		System.out.printf("window: instants %s .. %s (%d s), MariaDB away for the agent %s .. %s (%d s)%n",
				Instant.ofEpochSecond(from), Instant.ofEpochSecond(until), until - from, Instant.ofEpochSecond(cutAt),
				Instant.ofEpochSecond(restoreAt), restoreAt - cutAt);
		System.out.println("fires: " + ledger + "; finished rows " + finished
				+ "; skipped unclaimed by the agent's misfire policy (crony_agent_misfires_total over the window) "
				+ misfires);
		System.out.println("lateness at the target: baseline " + lateness(baseline) + "; MariaDB away " + lateness(away)
				+ "; after " + lateness(back));
		System.out.printf(
				"spool: peak %.1f MB by the agent's gauge (limit %.1f MB, %.1f%%), peak %.1f MB on disk;"
						+ " drained %.1f s after MariaDB was back; %.1f MB on disk at the end%n",
				this.peakSpoolBytes / 1e6, spoolMax / 1e6, 100.0 * this.peakSpoolBytes / spoolMax,
				this.peakSpoolOnDisk / 1e6, drainSeconds, last.spoolOnDisk() / 1e6);
		System.out.printf(
				"agent heap: peak in use %.1f MB; live after a full GC %.1f MB before the outage, %.1f MB at its end"
						+ " (%+.1f MB)%n",
				this.peakHeapBytes / 1e6, heapBefore / 1e6, heapAtEnd / 1e6, heapGrowth / 1e6);
		System.out.printf("quarantine file %d bytes, crony_agent_spool_quarantined_total %d; load %s%n", quarantined,
				last.quarantined(), loadAverage());
		check(ledger.exactlyOnce(),
				"no duplicate call, one SUCCEEDED row per call, no SUCCEEDED row without one: " + ledger);
		check(ledger.uncalledWithoutRow() <= misfires, "fires never called and with no row ("
				+ ledger.uncalledWithoutRow() + ") are all the misfire policy's (" + misfires + "): none lost");
		check(ledger.notRunByPolicy() + ledger.uncalledWithoutRow() == 0,
				"every due instant called: the agent did not fall behind while MariaDB was away");
		check(whole.offSchedule() == 0, "calls for instants off the schedule: " + whole.offSchedule());
		check(away.observed() > 0, "the agent kept firing while MariaDB was away: " + away.observed() + " calls");
		check(this.peakSpoolBytes > 0,
				"the agent spooled while MariaDB was away: peak " + this.peakSpoolBytes + " bytes");
		check(drained, "the spool drained once MariaDB was back (in " + Math.round(drainSeconds) + " s)");
		check(this.peakSpoolBytes <= spoolMax,
				"peak spool " + this.peakSpoolBytes + " bytes within crony.agent.spool-max-size " + spoolMax);
		check(quarantined == 0 && last.quarantined() == 0, "nothing quarantined");
		check(away.percentile(99) <= baseline.percentile(99) + slack, "lateness p99 while MariaDB was away "
				+ away.percentile(99) + " ms within the baseline's " + baseline.percentile(99) + " ms + " + slack);
		check(heapAtEnd >= 0 && heapGrowth <= Long.getLong("crony.bench.heap-growth-mb", 100) << 20,
				"live heap grew " + (heapGrowth >> 20) + " MB over the outage");
		this.failures.forEach((failure) -> System.out.println("FAILED: " + failure));
		return this.failures.isEmpty();
	}

	private void check(boolean ok, String what) {
		System.out.println((ok ? "ok: " : "NOT OK: ") + what);
		if (!ok) {
			this.failures.add(what);
		}
	}

	private static String lateness(FireStats stats) {
		return String.format("p50 %d p99 %d max %d ms (%d calls, %d missed)", stats.percentile(50),
				stats.percentile(99), stats.percentile(100), stats.observed(), stats.missed());
	}

	/** One scrape half-way after {@code second}: the peaks it raises. */
	private Sample sample(long second) throws IOException, InterruptedException {
		sleepUntil(second * 1000 + 500);
		String text = this.agent.prometheus();
		Sample sample = new Sample(gauge(text, "crony_agent_spool_bytes"), spoolOnDisk(),
				AgentScrape.parse(text).heapBytes(), gauge(text, "crony_agent_spool_full"),
				gauge(text, "crony_agent_spool_quarantined_total"));
		this.peakSpoolBytes = Math.max(this.peakSpoolBytes, sample.spoolBytes());
		this.peakSpoolOnDisk = Math.max(this.peakSpoolOnDisk, sample.spoolOnDisk());
		this.peakHeapBytes = Math.max(this.peakHeapBytes, sample.heapBytes());
		return sample;
	}

	private void progress(String phase, long elapsed, long second, Sample sample) {
		FireStats recent = FireStats.of(this.target.calls(), FIRST_ID, this.jobs, EVERY, second - 31, second - 1);
		System.out.printf(
				"%s %s %4d s: spool %.1f MB (gauge), %.1f MB on disk, full %d | agent heap in use %.0f MB"
						+ " | lateness at the target, last 30 s: %s | load %s%n",
				Instant.ofEpochSecond(second), phase, elapsed, sample.spoolBytes() / 1e6, sample.spoolOnDisk() / 1e6,
				sample.full(), sample.heapBytes() / 1e6, lateness(recent), loadAverage());
	}

	private long spoolOnDisk() throws IOException {
		if (!Files.isDirectory(this.spoolDir)) {
			return 0;
		}
		try (Stream<Path> files = Files.walk(this.spoolDir)) {
			return files.filter(Files::isRegularFile).mapToLong((file) -> file.toFile().length()).sum();
		}
	}

	/**
	 * Waits until every fire of the window has a finished row, or the count stopped
	 * growing for 30 s; returns the finished rows.
	 */
	private long awaitRecords(long from, long until) throws InterruptedException {
		String finished = "SELECT COUNT(*)" + where(from, until) + " AND status NOT IN ('PENDING', 'RUNNING')";
		long expected = this.jobs * (until - from) / EVERY;
		long last = -1;
		long changed = System.nanoTime();
		while (System.nanoTime() - changed < TimeUnit.SECONDS.toNanos(30)) {
			long now = count(this.db, finished);
			if (now >= expected) {
				return now;
			}
			if (now != last) {
				last = now;
				changed = System.nanoTime();
			}
			TimeUnit.SECONDS.sleep(1);
		}
		return last;
	}

	private List<OutageLedger.Row> rows(long from, long until) throws SQLException {
		List<OutageLedger.Row> rows = new ArrayList<>();
		try (Statement statement = this.db.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
			// streamed: a 10-minute outage has about a million rows
			statement.setFetchSize(Integer.MIN_VALUE);
			try (ResultSet rs = statement.executeQuery("SELECT job_id, CAST(UNIX_TIMESTAMP(scheduled_at) * 1000 AS"
					+ " SIGNED), status" + where(from, until))) {
				while (rs.next()) {
					rows.add(new OutageLedger.Row(rs.getLong(1), rs.getLong(2), rs.getString(3)));
				}
			}
		}
		return rows;
	}

	private String where(long from, long until) {
		return " FROM execution WHERE job_id BETWEEN " + FIRST_ID + " AND " + (FIRST_ID + this.jobs - 1)
				+ " AND scheduled_at >= '" + SQL_TIME.format(Instant.ofEpochSecond(from)) + "' AND scheduled_at < '"
				+ SQL_TIME.format(Instant.ofEpochSecond(until)) + "'";
	}

	/**
	 * A gauge or counter from a Prometheus text, summed over its labels; -1 when absent.
	 */
	static long gauge(String text, String name) {
		double sum = -1;
		for (String line : text.split("\n")) {
			if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
				sum = Math.max(sum, 0) + Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
			}
		}
		return (long) sum;
	}

	/** {@code 90s}, {@code 1m}, {@code 10m}, {@code 1h}. */
	static Duration duration(String text) {
		Matcher matcher = Pattern.compile("(\\d+)(s|m|h)").matcher(text.trim());
		if (!matcher.matches()) {
			throw new IllegalArgumentException("Not a duration like 90s, 1m or 10m: " + text);
		}
		long amount = Long.parseLong(matcher.group(1));
		return switch (matcher.group(2)) {
			case "s" -> Duration.ofSeconds(amount);
			case "m" -> Duration.ofMinutes(amount);
			default -> Duration.ofHours(amount);
		};
	}

	/**
	 * One scrape of the agent: its spool gauge, the spool directory's files, heap in use,
	 * the full gauge, the quarantine counter (-1: not answered).
	 */
	record Sample(long spoolBytes, long spoolOnDisk, long heapBytes, long full, long quarantined) {

	}

}
