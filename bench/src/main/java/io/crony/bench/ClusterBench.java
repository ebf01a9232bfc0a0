package io.crony.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.crony.common.etcd.CronyKeys;
import io.crony.test.LocalServices;
import io.etcd.jetcd.Client;

/**
 * Measures the web leader against real etcd and MariaDB (its own, from
 * {@link LocalServices#dedicated()}), with crony-web running as its own process from its
 * executable jar: (a) 100,000 enabled job rows committed in MySQL until every one has its
 * assignment key in etcd, over 10 agents; (b) one agent holding 10,000 of them loses its
 * lease until every one of its jobs is on a survivor. After each, what the jobs cost
 * etcd, MariaDB and crony-web ({@link ClusterFootprint}).
 *
 * <p>
 * System properties: {@code crony.bench.jobs} (100000), {@code crony.bench.agents} (10),
 * {@code crony.bench.watch} (false: true gives each simulated agent a watch on its
 * assignments, {@link AssignmentWatches}), {@code crony.bench.etcd-quota} (bytes, 8 GiB),
 * {@code crony.bench.db-args} (more mariadbd flags, e.g.
 * {@code --innodb-buffer-pool-size=2G}), {@code crony.bench.kill-after-reconcile} (a
 * duration such as {@code 15s}; unset: the agent is killed as soon as (a) is read): the
 * agent is killed that long after the leader next logs a periodic full reconcile's
 * corrections ({@link LeaderLog}). With {@code full-reconcile-interval=10s} the next read
 * starts about 10 s after that line, so a kill a few seconds later lands while it reads.
 * {@code crony.bench.kill-at-assigned} (a fraction such as {@code 0.3}; unset: off): the
 * agent is killed during (a) instead, once that share of the jobs has its key, so the
 * failover falls into the leader's change scan of the new rows; (b) is then that
 * failover.
 */
public final class ClusterBench {

	private static final String SCHEMA = "crony_bench";

	private ClusterBench() {
	}

	public static void main(String[] args) throws Exception {
		int jobCount = Integer.getInteger("crony.bench.jobs", 100_000);
		int agentCount = Integer.getInteger("crony.bench.agents", 10);
		boolean watch = Boolean.getBoolean("crony.bench.watch");
		// A ceiling, not a reservation: etcd's default (2 GB) is too small for a million
		// assignment keys with their history.
		String etcdArgs = "--quota-backend-bytes=" + Long.getLong("crony.bench.etcd-quota", 8L << 30);
		String dbArgs = System.getProperty("crony.bench.db-args", "");
		String killAfterReconcile = System.getProperty("crony.bench.kill-after-reconcile", "");
		double killAtAssigned = Double.parseDouble(System.getProperty("crony.bench.kill-at-assigned", "0"));
		Path jar = webJar();
		System.out.printf("crony cluster bench: %d jobs, %d agents%s, %d cores, web jar %s%n", jobCount, agentCount,
				watch ? " (each watching its assignments)" : "", Runtime.getRuntime().availableProcessors(), jar);
		System.out.printf("etcd flags: %s; MariaDB flags: %s%n", etcdArgs, dbArgs.isBlank() ? "(defaults)" : dbArgs);
		// Waits grow with the size: a million jobs take minutes on two cores.
		Duration assignTimeout = Duration.ofSeconds(Math.max(600, jobCount / 100));
		try (LocalServices services = LocalServices.dedicated(etcdArgs, dbArgs)) {
			services.createSchema(SCHEMA);
			CronyKeys keys = new CronyKeys("/crony-bench");
			String jdbcUrl = services.jdbcUrl(SCHEMA);
			try (WebProcess web = WebProcess.start(jar, services.etcdEndpoint(), jdbcUrl, keys.prefix(), freePort());
					Client client = Client.builder().endpoints(services.etcdEndpoint()).build();
					Connection db = DriverManager.getConnection(jdbcUrl, LocalServices.DB_USER,
							LocalServices.DB_PASSWORD)) {
				EtcdCounts etcd = new EtcdCounts(client, keys);
				waitFor("web leader elected", Duration.ofMinutes(2), () -> etcd.leaders() == 1 && web.alive());
				List<BenchAgent> agents = new ArrayList<>();
				for (int i = 0; i < agentCount; i++) {
					agents.add(BenchAgent.start(client, keys, "agent-" + i));
				}
				waitFor("leader saw the agents", Duration.ofMinutes(1),
						() -> count(db, "SELECT COUNT(*) FROM agent WHERE status = 'ONLINE'") == agentCount);
				AssignmentWatches watches = watch
						? new AssignmentWatches(client, keys, agents.stream().map(BenchAgent::id).toList()) : null;

				long insertStart = System.nanoTime();
				JobInserter.insert(db, jobCount);
				long committed = System.nanoTime();
				System.out.printf("inserted %d job rows in %.1f s (not measured)%n", jobCount,
						seconds(insertStart, committed));
				BenchAgent victim = agents.get(0);
				MidScanKill midScan = null;
				if (killAtAssigned > 0) {
					long keysAtKill = (long) (jobCount * killAtAssigned);
					waitFor("a share of the jobs assigned", assignTimeout, () -> etcd.assignments() >= keysAtKill);
					midScan = MidScanKill.kill(victim, etcd);
				}
				waitFor("all jobs assigned", assignTimeout, () -> etcd.assignments() == jobCount);
				long assigned = System.nanoTime();
				waitFor("job.agent_id mirrored", assignTimeout,
						() -> count(db, "SELECT COUNT(*) FROM job WHERE agent_id IS NOT NULL") == jobCount);
				long mirrored = System.nanoTime();
				long watchedEvents = (watches != null) ? watches.events() : 0;
				long watchedBytes = (watches != null) ? watches.bytes() : 0;
				ClusterFootprint settled = ClusterFootprint.read(client, services.etcdEndpoint(), keys.prefix(),
						services.etcdPid(), web.pid(), db);
				System.out.println("after (a): " + settled.line(jobCount));

				if (midScan != null) {
					System.out.println();
					printAssigned(jobCount, agentCount, committed, assigned, mirrored);
					System.out.println(midScan.line());
					System.out.printf("jobs on two agents at the end: %d%n", etcd.duplicates());
					System.out.println("after (a): " + settled.line(jobCount));
					closeAll(agents, watches);
					return;
				}
				long held = etcd.assignments(victim.id());
				if (!killAfterReconcile.isBlank()) {
					Duration delay = Duration.parse("PT" + killAfterReconcile.toUpperCase(java.util.Locale.ROOT));
					Instant corrected = new LeaderLog(web.log()).nextPeriodicReconcile(Duration.ofMinutes(10));
					System.out.printf("leader logged a periodic reconcile's corrections at %s; killing %s after %s%n",
							corrected, victim.id(), delay);
					TimeUnit.MILLISECONDS.sleep(delay.toMillis());
				}
				long revoke = System.nanoTime();
				System.out.printf("revoking the lease of %s at %s%n", victim.id(), Instant.now());
				victim.kill();
				waitFor("failover done", Duration.ofMinutes(10),
						() -> etcd.assignments(victim.id()) == 0 && etcd.assignments() == jobCount);
				long failedOver = System.nanoTime();
				waitFor("failover mirrored", Duration.ofMinutes(10),
						() -> count(db, "SELECT COUNT(*) FROM job WHERE agent_id = '" + victim.id() + "'") == 0);
				long failoverMirrored = System.nanoTime();
				long duplicates = etcd.duplicates();
				ClusterFootprint end = ClusterFootprint.read(client, services.etcdEndpoint(), keys.prefix(),
						services.etcdPid(), web.pid(), db);

				System.out.println();
				printAssigned(jobCount, agentCount, committed, assigned, mirrored);
				if (watches != null) {
					System.out.printf(
							"(a) watch traffic: %d events, %.1f MB of keys + values to %d agent watches "
									+ "(%.0f bytes per event)%n",
							watchedEvents, watchedBytes / 1e6, agentCount,
							(double) watchedBytes / Math.max(1, watchedEvents));
				}
				System.out.printf(
						"(b) fail over agent %s holding %d jobs: %.2f s (lease revoked -> all keys moved), "
								+ "%.0f jobs/s; mirrored after %.2f s%n",
						victim.id(), held, seconds(revoke, failedOver), held / seconds(revoke, failedOver),
						seconds(revoke, failoverMirrored));
				System.out.printf("jobs on two agents at the end: %d%n", duplicates);
				System.out.println("after (a): " + settled.line(jobCount));
				System.out.println("after (b): " + end.line(jobCount));
				closeAll(agents, watches);
			}
		}
	}

	private static void printAssigned(int jobCount, int agentCount, long committed, long assigned, long mirrored) {
		System.out.printf(
				"(a) assign %d jobs over %d agents: %.2f s (rows committed -> all keys in etcd), "
						+ "%.0f jobs/s; job.agent_id mirrored after %.2f s%n",
				jobCount, agentCount, seconds(committed, assigned), jobCount / seconds(committed, assigned),
				seconds(committed, mirrored));
	}

	private static void closeAll(List<BenchAgent> agents, AssignmentWatches watches) throws Exception {
		if (watches != null) {
			watches.close();
		}
		for (BenchAgent agent : agents) {
			agent.close();
		}
	}

	static Path webJar() throws IOException {
		Path dir = Path.of("crony-web/target");
		if (!Files.isDirectory(dir)) {
			dir = Path.of("../crony-web/target");
		}
		try (var files = Files.list(dir)) {
			return files.filter((file) -> file.getFileName().toString().matches("crony-web-.*\\.jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No crony-web jar: build with -am package first"))
				.toAbsolutePath();
		}
	}

	static long count(Connection db, String sql) {
		try (PreparedStatement statement = db.prepareStatement(sql); ResultSet rs = statement.executeQuery()) {
			rs.next();
			return rs.getLong(1);
		}
		catch (SQLException ex) {
			// The schema is still being migrated.
			return -1;
		}
	}

	/**
	 * Checks every 20 ms, or every four times as long as a check takes: counting a
	 * million keys or rows is work for etcd or MariaDB, and checking back to back would
	 * load the servers being measured.
	 */
	static void waitFor(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			long start = System.nanoTime();
			if (condition.getAsBoolean()) {
				return;
			}
			long took = System.nanoTime() - start;
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Timed out waiting: " + what);
			}
			TimeUnit.NANOSECONDS.sleep(Math.max(TimeUnit.MILLISECONDS.toNanos(20), 4 * took));
		}
	}

	static double seconds(long from, long to) {
		return (to - from) / 1e9;
	}

	static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	static Map<String, String> labels() {
		return Map.of();
	}

}
