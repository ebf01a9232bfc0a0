package io.crony.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
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

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.test.Jaeger;
import io.crony.test.LocalServices;
import io.etcd.jetcd.Client;

import static io.crony.bench.ClusterBench.count;
import static io.crony.bench.ClusterBench.waitFor;

/**
 * Load on one agent: for each size, that many HTTP jobs (each on
 * {@code (id % every)/every * * * * ?}) against a loopback target in this JVM, measured
 * over a window at the target (lateness, fires, missed, duplicates), in the agent
 * (lateness histogram, heap) and in the {@code execution} table (records persisted). Then
 * the failover of an agent holding {@code crony.bench.failover-jobs} jobs, killed with
 * SIGKILL. Its own etcd and MariaDB ({@link LocalServices#dedicated()}); crony-web and
 * crony-agent run from their executable jars as separate processes.
 *
 * <p>
 * Jobs are written as rows the way the job API writes them, and the web leader assigns
 * them (all to the one live agent), so the keys and their lifecycle are the real ones.
 *
 * <p>
 * System properties: {@code crony.bench.sizes} (1000,10000), {@code crony.bench.every}
 * seconds (1), {@code crony.bench.seconds} measured (30), {@code crony.bench.warmup}
 * seconds (10), {@code crony.bench.failover-jobs} (10000, 0 = skip),
 * {@code crony.bench.failover-every} (1), {@code crony.bench.failover-survivor-jobs} (0:
 * jobs the survivor runs itself before the failover, as an agent in service would),
 * {@code crony.bench.lease-ttl} (10s, the agent's default), {@code crony.bench.agent-jvm}
 * (-Xmx1g), {@code crony.bench.agent-args}, {@code crony.bench.floor} (true: before each
 * size, the same calls from a plain client, {@link Floor}), {@code crony.bench.tracing}
 * (empty: one agent per size as configured; else one per {@link TracingMode} listed, e.g.
 * {@code off,jaeger,dead}, and each mode's lateness against tracing off,
 * {@link TracingCost}).
 *
 * <p>
 * Per size also the agent's live heap after a full GC ({@link LiveHeap}) with no job and
 * holding the size's jobs, hence bytes per held job; at the end, the size of the
 * {@code execution} rows written.
 */
public final class AgentBench {

	static final String SCHEMA = "crony_agent_bench";

	private static final DateTimeFormatter SQL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
		.withZone(ZoneOffset.UTC);

	private final Connection db;

	private final EtcdCounts etcd;

	private final LoopbackTarget target;

	private final long dbPid;

	private final List<String> table = new ArrayList<>();

	private long nextId = 1;

	// the tracing mode of the agent under measurement, before each line of its own
	private String label = "";

	private AgentBench(Connection db, EtcdCounts etcd, LoopbackTarget target, long dbPid) {
		this.db = db;
		this.etcd = etcd;
		this.target = target;
		this.dbPid = dbPid;
	}

	public static void main(String[] args) throws Exception {
		int every = Integer.getInteger("crony.bench.every", 1);
		// "N" or "NxS": N jobs, each every S seconds (default crony.bench.every)
		List<int[]> sizes = new ArrayList<>();
		for (String size : System.getProperty("crony.bench.sizes", "1000,10000").split(",")) {
			String[] parts = size.trim().split("x");
			sizes
				.add(new int[] { Integer.parseInt(parts[0]), (parts.length > 1) ? Integer.parseInt(parts[1]) : every });
		}
		int seconds = Integer.getInteger("crony.bench.seconds", 30);
		int failoverJobs = Integer.getInteger("crony.bench.failover-jobs", 10_000);
		List<TracingMode> tracing = TracingMode.parse(System.getProperty("crony.bench.tracing", ""));
		// Loads the native part now, before an overrun agent may have used up the files.
		System.out.printf("load average %s%n", loadAverage());
		Path webJar = jar("crony-web");
		Path agentJar = jar("crony-agent");
		System.out.printf("crony agent bench: sizes %s, %d s measured, %d cores%n",
				System.getProperty("crony.bench.sizes", "1000,10000"), seconds,
				Runtime.getRuntime().availableProcessors());
		try (LocalServices services = LocalServices.dedicated("", System.getProperty("crony.bench.db-args", ""))) {
			services.createSchema(SCHEMA);
			CronyKeys keys = new CronyKeys("/crony-agent-bench");
			String jdbcUrl = services.jdbcUrl(SCHEMA);
			String etcdUrl = services.etcdEndpoint();
			// null when no mode exports to it: try-with-resources skips a null
			try (Jaeger jaeger = tracing.contains(TracingMode.JAEGER) ? Jaeger.start() : null;
					LoopbackTarget target = LoopbackTarget.start();
					WebProcess web = WebProcess.start(webJar, etcdUrl, jdbcUrl, keys.prefix(), freePort());
					Client client = Client.builder().endpoints(etcdUrl).build();
					Connection db = DriverManager.getConnection(jdbcUrl, LocalServices.DB_USER,
							LocalServices.DB_PASSWORD)) {
				EtcdCounts etcd = new EtcdCounts(client, keys);
				waitFor("web leader elected", Duration.ofMinutes(2), () -> etcd.leaders() == 1 && web.alive());
				AgentBench bench = new AgentBench(db, etcd, target, services.dbPid());
				for (String sql : System.getProperty("crony.bench.db-sql", "").split(";")) {
					if (!sql.isBlank()) {
						try (var statement = db.createStatement()) {
							statement.execute(sql);
							System.out.println("ran: " + sql);
						}
					}
				}
				// A fresh agent per size: one that was overrun must not spoil the next
				// size.
				boolean floor = Boolean.parseBoolean(System.getProperty("crony.bench.floor", "true"));
				for (int[] size : sizes) {
					// before the size's agent starts: nothing but the floor sends calls
					Floor.Result floorResult = floor ? bench.floor(size[0], size[1], seconds) : null;
					if (tracing.isEmpty()) {
						try (AgentProcess agent = AgentProcess.start(agentJar, "agent-" + size[0] + "x" + size[1],
								freePort(), etcdUrl, jdbcUrl, keys.prefix())) {
							bench.awaitOnline(1, agent);
							bench.load(agent, size[0], size[1], seconds, floorResult, bench.footprint(agent));
						}
						bench.awaitOnline(0, null);
					}
					else {
						bench.tracing(tracing, jaeger, agentJar, size[0], size[1], seconds, floorResult, etcdUrl,
								jdbcUrl, keys.prefix());
					}
				}
				if (failoverJobs > 0) {
					int failoverEvery = Integer.getInteger("crony.bench.failover-every", 1);
					try (AgentProcess victim = AgentProcess.start(agentJar, "agent-a", freePort(), etcdUrl, jdbcUrl,
							keys.prefix())) {
						bench.awaitOnline(1, victim);
						long firstId = bench.assign(victim, failoverJobs, failoverEvery, MisfirePolicy.FIRE_NOW);
						// the label makes the survivor's own jobs its alone: the victim
						// lacks it
						try (AgentProcess survivor = AgentProcess.start(agentJar, "agent-b", freePort(), etcdUrl,
								jdbcUrl, keys.prefix(), List.of("--crony.agent.labels.bench=survivor"))) {
							bench.awaitOnline(2, survivor);
							int survivorJobs = Integer.getInteger("crony.bench.failover-survivor-jobs", 0);
							if (survivorJobs > 0) {
								bench.assign(survivor, survivorJobs, failoverEvery, MisfirePolicy.FIRE_NOW,
										new AssignmentSpec(null, Map.of("bench", "survivor")));
							}
							new AgentFailover(bench, victim, survivor).run(firstId, failoverJobs, failoverEvery,
									survivorJobs);
						}
					}
				}
				bench.executionTableSize();
				System.out.println();
				bench.table.forEach(System.out::println);
			}
		}
	}

	/** One size: assign, warm up, measure, check the records, unassign. */
	private long load(AgentProcess agent, int jobs, int every, int seconds, Floor.Result floor, Footprint idle)
			throws Exception {
		long firstId = assign(agent, jobs, every, MisfirePolicy.SKIP);
		// In the warm-up: the full GC pauses the agent before the window, not in it.
		waitFor("agent " + agent.id() + " holds " + jobs + " jobs", Duration.ofMinutes(2),
				() -> AgentScrape.parse(agent.prometheus()).jobs() == jobs);
		Footprint holding = footprint(agent);
		long fromSecond = System.currentTimeMillis() / 1000 + Integer.getInteger("crony.bench.warmup", 10);
		long untilSecond = fromSecond + seconds;
		// The agent is scraped half-way between fire instants: a scrape renders every
		// meter, and at the instant itself that work delayed the very burst it measures.
		// Its first scrape (the web stack's first request: class loading, servlet start)
		// is in the warm-up, where the window's first burst does not pay for it.
		agent.prometheus();
		sleepUntil(fromSecond * 1000 - 500);
		// from here to the second read the bench sends MariaDB nothing
		DbCounters dbBefore = DbCounters.read(this.db);
		AgentScrape before = AgentScrape.parse(agent.prometheus());
		ProcessCpu agentCpu = ProcessCpu.of(agent.pid());
		ProcessCpu dbCpu = ProcessCpu.of(this.dbPid);
		// this JVM: the loopback target the calls arrive at
		ProcessCpu targetCpu = ProcessCpu.of(ProcessHandle.current().pid());
		AgentScrape after = before;
		long heapMax = 0;
		for (long second = fromSecond; second < untilSecond; second++) {
			sleepUntil(second * 1000 + 500);
			after = AgentScrape.parse(agent.prometheus());
			heapMax = Math.max(heapMax, after.heapBytes());
		}
		DbCounters dbDelta = DbCounters.read(this.db).since(dbBefore);
		ProcessCpu agentCpuAfter = ProcessCpu.of(agent.pid());
		ProcessCpu dbCpuAfter = ProcessCpu.of(this.dbPid);
		double agentPercent = agentCpuAfter.percentOfACoreSince(agentCpu);
		double agentCompilerPercent = agentCpuAfter.compilerPercentOfACoreSince(agentCpu);
		double dbPercent = dbCpuAfter.percentOfACoreSince(dbCpu);
		ProcessCpu targetCpuAfter = ProcessCpu.of(ProcessHandle.current().pid());
		double targetPercent = targetCpuAfter.percentOfACoreSince(targetCpu);
		double targetCompilerPercent = targetCpuAfter.compilerPercentOfACoreSince(targetCpu);
		// Calls of the last second's fires still on their way.
		sleepUntil(untilSecond * 1000 + 3000);
		FireStats stats = FireStats.of(this.target.calls(), firstId, jobs, every, fromSecond, untilSecond);
		long[] records = awaitRecords(firstId, jobs, fromSecond, untilSecond, stats.observed());
		String line = String.format(
				"%7d jobs every %d s | fires/s %7.0f | target lateness ms p50 %3d p99 %4d p99.9 %4d max %5d"
						+ " | agent start lateness ms p50 <=%.0f p99 <=%.0f | expected %d observed %d missed %d"
						+ " duplicate %d off-schedule %d | rows %d finished %d | heap max %d MB"
						+ " | CPU %% of a core: agent %.0f (JIT compiler %.0f of it), MariaDB %.0f, target %.0f"
						+ " (JIT compiler %.0f of it) | load %s",
				jobs, every, stats.observed() / (double) seconds, stats.percentile(50), stats.percentile(99),
				stats.percentile(99.9), stats.percentile(100), after.latenessUpToMillis(before, 50),
				after.latenessUpToMillis(before, 99), stats.expected(), stats.observed(), stats.missed(),
				stats.duplicates(), stats.offSchedule(), records[0], records[1], heapMax >> 20, agentPercent,
				agentCompilerPercent, dbPercent, targetPercent, targetCompilerPercent, loadAverage());
		report(line);
		report(String.format("%7d jobs every %d s | seconds with a fire more than 1 s late: %s", jobs, every,
				stats.secondsOver(1000)));
		if (floor != null) {
			FireStats bottom = floor.stats();
			report(String.format(
					"%7d jobs every %d s | floor lateness ms p50 %d p99 %d max %d (missed %d, errors %d)"
							+ " | Crony p99 / floor p99 = %s",
					jobs, every, bottom.percentile(50), bottom.percentile(99), bottom.percentile(100), bottom.missed(),
					floor.errors(), FloorRatio.of(stats.percentile(99), bottom.percentile(99))));
		}
		// Per fire claimed (a row for one of the window's fires), not per fire due or
		// observed at the target: a claimed fire costs a claim and a record whether its
		// call got through or not, and a fire never claimed costs next to nothing.
		// With nothing missed the three are equal.
		long fires = records[0];
		report(String.format(
				"%7d jobs every %d s | MariaDB statements per fire claimed (SHOW GLOBAL STATUS over"
						+ " the window; every client's, crony-web's included): %s",
				jobs, every, dbDelta.perFire(fires)));
		report(String.format("%7d jobs every %d s | per fire claimed: %s", jobs, every,
				(fires <= 0) ? "no fires claimed" : String.format(
						"agent CPU %.0f µs (JIT compiler %.0f µs of it), allocated %.1f KB; MariaDB CPU %.0f µs",
						1000 * agentCpuAfter.millisSince(agentCpu) / fires,
						1000 * agentCpuAfter.compilerMillisSince(agentCpu) / fires,
						(after.allocatedBytes() - before.allocatedBytes()) / 1024.0 / fires,
						1000 * dbCpuAfter.millisSince(dbCpu) / fires)));
		report(String.format(
				"%7d jobs every %d s | live heap after a full GC: %.1f MB with no job, %.1f MB holding %d jobs"
						+ " -> %.0f bytes per held job | live threads %d with no job, %d holding them"
						+ " | largest classes holding them (bytes): %s",
				jobs, every, idle.heap().bytes() / 1e6, holding.heap().bytes() / 1e6, jobs,
				(holding.heap().bytes() - idle.heap().bytes()) / (double) jobs, idle.threads(), holding.threads(),
				String.join(", ", holding.heap().top())));
		long start = System.nanoTime();
		unassign(agent, firstId, jobs);
		report(String.format("%7d jobs unassigned (rows deleted -> no key left under %s) in %.1f s", jobs, agent.id(),
				(System.nanoTime() - start) / 1e9));
		return stats.percentile(99);
	}

	/**
	 * One size under each tracing mode in turn, a fresh agent each: its lines labelled
	 * with the mode, then each mode's p99 against tracing off. With a live Jaeger, also
	 * how many of the agent's spans Jaeger took in, and whether its newest run's trace is
	 * there.
	 */
	private void tracing(List<TracingMode> modes, Jaeger jaeger, Path agentJar, int jobs, int every, int seconds,
			Floor.Result floor, String etcdUrl, String jdbcUrl, String prefix) throws Exception {
		TracingCost cost = new TracingCost();
		int closedPort = freePort();
		for (TracingMode mode : modes) {
			String id = "agent-" + jobs + "x" + every + "-tracing-" + mode.label() + "-" + this.nextId;
			this.label = "[tracing " + mode.label() + "] ";
			long spansBefore = (mode == TracingMode.JAEGER) ? jaeger.acceptedSpans() : 0;
			try (AgentProcess agent = AgentProcess.start(agentJar, id, freePort(), etcdUrl, jdbcUrl, prefix,
					mode.agentSettings(jaeger, closedPort))) {
				awaitOnline(1, agent);
				cost.add(mode, load(agent, jobs, every, seconds, floor, footprint(agent)));
			}
			// stopped: its last spans were sent as it shut down
			awaitOnline(0, null);
			if (mode == TracingMode.JAEGER) {
				reportSpans(jaeger, id, spansBefore);
			}
			this.label = "";
		}
		report(cost.line(jobs, every));
	}

	/** What Jaeger took in from one agent: its spans against two per run. */
	private void reportSpans(Jaeger jaeger, String agentId, long spansBefore) throws SQLException {
		long runs = count(this.db, "SELECT COUNT(*) FROM execution WHERE agent_id = '" + agentId
				+ "' AND status NOT IN ('PENDING', 'RUNNING')");
		long spans = jaeger.acceptedSpans() - spansBefore;
		String newest;
		try (Statement statement = this.db.createStatement();
				ResultSet rs = statement.executeQuery("SELECT trace_id FROM execution WHERE agent_id = '" + agentId
						+ "' AND trace_id IS NOT NULL ORDER BY id DESC LIMIT 1")) {
			newest = rs.next() ? rs.getString(1) : null;
		}
		report(String.format(
				"Jaeger took in %d spans from %s for its %d finished runs (a run span and an attempt span each:"
						+ " %.1f %% of %d); its newest run's trace %s: %s",
				spans, agentId, runs, 100.0 * spans / Math.max(1, 2 * runs), 2 * runs, newest,
				(newest != null && jaeger.trace(newest).isPresent()) ? "found" : "NOT found"));
	}

	/** What the execution rows of every size so far take in MariaDB, per row. */
	private void executionTableSize() throws SQLException {
		try (Statement statement = this.db.createStatement()) {
			statement.execute("ANALYZE TABLE execution");
			try (ResultSet rs = statement.executeQuery("SELECT (SELECT COUNT(*) FROM execution), data_length,"
					+ " index_length FROM information_schema.tables WHERE table_schema = DATABASE()"
					+ " AND table_name = 'execution'")) {
				rs.next();
				long rows = rs.getLong(1);
				report(String.format(
						"execution table: %d rows, %.1f MB data + %.1f MB indexes (InnoDB's estimate)"
								+ " -> %.0f bytes per row",
						rows, rs.getLong(2) / 1e6, rs.getLong(3) / 1e6,
						(rs.getLong(2) + rs.getLong(3)) / (double) Math.max(1, rows)));
			}
		}
	}

	/** The agent's live heap after a full GC, and its threads. */
	Footprint footprint(AgentProcess agent) throws IOException, InterruptedException {
		waitFor("agent " + agent.id() + " answers", Duration.ofMinutes(1), () -> !agent.prometheus().isEmpty());
		LiveHeap heap = LiveHeap.of(agent.pid());
		return new Footprint(heap, AgentScrape.parse(agent.prometheus()).threads());
	}

	record Footprint(LiveHeap heap, long threads) {

	}

	/**
	 * The floor for one size, before Crony's measurement of it: the same calls from a
	 * plain client, same warm-up and window.
	 */
	private Floor.Result floor(int jobs, int every, int seconds) throws InterruptedException {
		Floor.Result floor = Floor.measure(this.target, Floor.ID_OFFSET + this.nextId, jobs, every,
				Integer.getInteger("crony.bench.warmup", 10), seconds);
		System.out.println(floor.line(jobs, every) + " | load " + loadAverage());
		return floor;
	}

	/**
	 * Writes job rows and waits until the leader has put all their keys under the agent.
	 */
	long assign(AgentProcess agent, int jobs, int every, MisfirePolicy misfire) throws Exception {
		return assign(agent, jobs, every, misfire, AssignmentSpec.DEFAULT);
	}

	/**
	 * Writes job rows with this placement and waits until all their keys are under the
	 * agent.
	 */
	long assign(AgentProcess agent, int jobs, int every, MisfirePolicy misfire, AssignmentSpec placement)
			throws Exception {
		long firstId = this.nextId;
		this.nextId += jobs;
		String url = this.target.url("/ok");
		long start = System.nanoTime();
		JobInserter.insert(this.db, firstId, jobs,
				(id) -> new JobSpec(id, "bench-" + id, null, FireStats.schedule(id, every), "UTC",
						new TargetSpec(TargetType.HTTP, "GET", url, Map.of(), null, TargetMode.SYNC, null, List.of()),
						10, RetryPolicy.NONE, misfire, OverlapPolicy.ALLOW, placement, true, 1));
		waitFor(jobs + " keys under " + agent.id(), Duration.ofMinutes(10),
				() -> this.etcd.assignments(agent.id()) == jobs && agent.alive());
		System.out.printf("%d jobs (ids %d..%d) assigned to %s in %.1f s%n", jobs, firstId, firstId + jobs - 1,
				agent.id(), (System.nanoTime() - start) / 1e9);
		return firstId;
	}

	void unassign(AgentProcess agent, long firstId, int jobs) throws Exception {
		try (Statement statement = this.db.createStatement()) {
			String range = " BETWEEN " + firstId + " AND " + (firstId + jobs - 1);
			// a change row per job, as crony-web writes with each delete: the leader's
			// poll
			statement.executeUpdate("INSERT INTO job_change (job_id) SELECT id FROM job WHERE id" + range);
			statement.executeUpdate("DELETE FROM job WHERE id" + range);
		}
		waitFor("keys of " + agent.id() + " deleted", Duration.ofMinutes(10),
				() -> this.etcd.assignments(agent.id()) == 0);
	}

	/**
	 * Execution rows of the window's fires, and how many of them are finished, once the
	 * finished count reached the fires observed or stopped growing for 10 s.
	 */
	long[] awaitRecords(long firstId, int jobs, long fromSecond, long untilSecond, long observed)
			throws InterruptedException {
		String where = " FROM execution WHERE job_id BETWEEN " + firstId + " AND " + (firstId + jobs - 1)
				+ " AND scheduled_at >= '" + SQL_TIME.format(Instant.ofEpochSecond(fromSecond))
				+ "' AND scheduled_at < '" + SQL_TIME.format(Instant.ofEpochSecond(untilSecond)) + "'";
		long finished = -1;
		long changed = System.nanoTime();
		while (System.nanoTime() - changed < TimeUnit.SECONDS.toNanos(10)) {
			long now = count(this.db, "SELECT COUNT(*)" + where + " AND status NOT IN ('PENDING', 'RUNNING')");
			if (now >= observed) {
				finished = now;
				break;
			}
			if (now != finished) {
				finished = now;
				changed = System.nanoTime();
			}
			TimeUnit.MILLISECONDS.sleep(500);
		}
		return new long[] { count(this.db, "SELECT COUNT(*)" + where), finished };
	}

	void awaitOnline(int agents, AgentProcess agent) throws InterruptedException {
		waitFor(agents + " agents online", Duration.ofMinutes(2),
				() -> count(this.db, "SELECT COUNT(*) FROM agent WHERE status = 'ONLINE'") == agents
						&& (agent == null || agent.alive()));
	}

	EtcdCounts etcd() {
		return this.etcd;
	}

	LoopbackTarget target() {
		return this.target;
	}

	void report(String line) {
		System.out.println(this.label + line);
		this.table.add(this.label + line);
	}

	static void sleepUntil(long epochMillis) throws InterruptedException {
		long left = epochMillis - System.currentTimeMillis();
		if (left > 0) {
			TimeUnit.MILLISECONDS.sleep(left); // the benchmark's own pacing
		}
	}

	static String loadAverage() {
		return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
	}

	static Path jar(String module) throws IOException {
		Path dir = Path.of(module, "target");
		if (!Files.isDirectory(dir)) {
			dir = Path.of("..", module, "target");
		}
		try (var files = Files.list(dir)) {
			return files.filter((file) -> file.getFileName().toString().matches(module + "-[0-9].*[0-9T]\\.jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No " + module + " jar: build with -am package first"))
				.toAbsolutePath();
		}
	}

	static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
