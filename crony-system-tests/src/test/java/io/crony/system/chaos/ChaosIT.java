package io.crony.system.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.crony.system.Api;
import io.crony.system.LogSecrets;
import io.crony.system.chaos.ChaosReport.Phase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Chaos on a real HA cluster ({@code deploy/local-ha/cluster.sh}: 3 etcd members,
 * MariaDB, 2 web, 3 agents, the sample target, each its own process, every port
 * free-picked): every-second jobs made through the REST API (misfire policy FIRE_NOW, the
 * rest default), then one fault after another, each followed by its recovery: (a) kill -9
 * of the leading web, (b) the leading etcd member stopped and brought back, (c) kill -9
 * of the agent holding most jobs, then started again and the cluster rebalanced, (d) the
 * agent holding most jobs frozen (SIGSTOP) past its lease TTL and let go again, then
 * rebalanced, (e) MariaDB restarted, (f) a rolling restart of every agent, one at a time
 * (SIGTERM, start, rebalance), where no instant may be lost. The timeline is cut into
 * back-to-back windows, one per step, and every instant of every job in a window is
 * counted: calls at the sample target (the witness), execution rows, duplicates, instants
 * with no call, how long moved jobs took to fire on their new agent. {@link ChaosReport}
 * writes the table to {@code target/chaos/<form>.md} and the instants behind any loss or
 * duplicate to {@code <form>-details.txt}.
 *
 * <p>
 * Short form (default, in {@code ./mvnw verify}): 30 jobs, short windows. Long form
 * ({@code make chaos}, {@code -Dcrony.chaos=long} or {@code CRONY_CHAOS=long}): 300 jobs,
 * longer windows.
 */
class ChaosIT {

	/** The agents' lease TTL (crony.agent.lease-ttl, default). */
	static final Duration LEASE_TTL = Duration.ofSeconds(10);

	/** How long the test waits for the cluster to fire every job again after a step. */
	private static final Duration RECOVERY = Duration.ofSeconds(180);

	private static final List<String> AGENTS = List.of("agent-1", "agent-2", "agent-3");

	enum Form {

		SHORT(30, 10, 5, 5, 10, 15), LONG(300, 60, 15, 30, 30, 15);

		final int jobs;

		final Duration baseline;

		final Duration before;

		final Duration after;

		final Duration etcdDown;

		final Duration frozen;

		Form(int jobs, int baseline, int before, int after, int etcdDown, int frozen) {
			this.jobs = jobs;
			this.baseline = Duration.ofSeconds(baseline);
			this.before = Duration.ofSeconds(before);
			this.after = Duration.ofSeconds(after);
			this.etcdDown = Duration.ofSeconds(etcdDown);
			this.frozen = Duration.ofSeconds(frozen);
		}

		static Form current() {
			return "long".equalsIgnoreCase(wanted()) ? LONG : SHORT;
		}

		/** {@code -Dcrony.chaos=off} skips the test. */
		static boolean off() {
			return "off".equalsIgnoreCase(wanted());
		}

		private static String wanted() {
			return System.getProperty("crony.chaos", System.getenv().getOrDefault("CRONY_CHAOS", "short")).strip();
		}

		String key() {
			return name().toLowerCase();
		}

	}

	private final Form form = Form.current();

	private LocalHaCluster cluster;

	private final Map<String, Api> webs = new LinkedHashMap<>();

	private TargetCalls calls;

	private final List<Long> jobs = new ArrayList<>();

	private final List<Phase> phases = new ArrayList<>();

	@Test
	void everyFireOnceThroughEachFault() throws Exception {
		assumeFalse(Form.off(), "crony.chaos=off");
		Path out = Path.of("target", "chaos").toAbsolutePath();
		Files.createDirectories(out);
		ChaosReport.progressTo(out.resolve(this.form.key() + ".log"));
		ChaosReport report = null;
		String loadBefore = loadAverage();
		Instant began = Instant.now();
		Path logs = out.resolve(this.form.key() + "-logs");
		LogSecrets secrets;
		try (LocalHaCluster started = LocalHaCluster.up(this.form.key())) {
			this.cluster = started;
			secrets = new LogSecrets().add("database password", started.get("DB_PASSWORD"))
				.add("admin password", started.get("ADMIN_PASSWORD"))
				.add("secret key", Files.readString(started.state().resolve("secret-key")).strip());
			try {
				report = run(out, began, loadBefore);
			}
			finally {
				started.copyLogs(logs);
			}
		}
		assertThat(report.failure()).as("every step recovered; see %s", out).isNull();
		// every log of every part, through every fault: a setting may be named, never its
		// value
		try (Stream<Path> files = Files.list(logs)) {
			assertThat(secrets.foundIn(files.filter(Files::isRegularFile).toList()))
				.as("secrets in the cluster's logs (%s)", logs)
				.isEmpty();
		}
		assertThat(report.duplicated()).as("fires called or recorded more than once; see %s%s", out, report.losses())
			.isZero();
		assertThat(report.unexplainedLost())
			.as("instants with no call outside a moved job's FIRE_NOW gap; see %s%s", out, report.losses())
			.isZero();
		assertThat(report.calledWithoutRow())
			.as("fires called with no execution row (nothing recorded lost); see %s", out)
			.isZero();
		assertThat(report.maxMove())
			.as("moved jobs firing again on their new agent (lease TTL %s); see %s", LEASE_TTL, out)
			.isLessThan(LEASE_TTL.multipliedBy(3));
	}

	private ChaosReport run(Path out, Instant began, String loadBefore) throws Exception {
		for (String web : List.of("web-1", "web-2")) {
			Api api = new Api(this.cluster.port(web.toUpperCase().replace('-', '_')));
			api.login(this.cluster.get("ADMIN_USER"), this.cluster.get("ADMIN_PASSWORD"));
			this.webs.put(web, api);
		}
		this.calls = new TargetCalls(this.cluster.get("TARGET_URL"));
		String url = this.cluster.get("TARGET_URL") + "/ok";
		for (int i = 0; i < this.form.jobs; i++) {
			Api.Answer created = api(null).post("/api/v1/jobs",
					Map.of("name", "chaos-" + i, "schedule", "* * * * * ?", "timeZone", "UTC", "misfirePolicy",
							"FIRE_NOW", "target", Map.of("type", "HTTP", "method", "POST", "url", url)));
			assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
			this.jobs.add(created.id());
		}
		awaitSteady("every job firing on the agents");
		String failure = null;
		try {
			runPhases();
		}
		catch (RuntimeException | AssertionError ex) {
			failure = ex.toString();
			ChaosReport.say("chaos: stopped early: " + ex);
			ex.printStackTrace(System.out);
			Phase last = this.phases.isEmpty() ? null : this.phases.get(this.phases.size() - 1);
			if (last != null && last.end == null) {
				last.end = nextSecond(Instant.now());
			}
		}
		settle();
		ChaosReport report;
		try (Connection db = DriverManager.getConnection(this.cluster.get("DB_URL"), this.cluster.get("DB_USER"),
				this.cluster.get("DB_PASSWORD"))) {
			report = ChaosReport.measure(this.form, this.jobs, this.phases, this.calls.all(), db, failure);
		}
		report.write(out, began, loadBefore, loadAverage());
		return report;
	}

	private void runPhases() {
		Instant from = nextSecond(Instant.now());
		Phase baseline = phase("baseline", "no fault", from);
		sleepUntil(from.plus(this.form.baseline));
		from = close(baseline);

		// (a) kill -9 the leading web instance; the other one takes over
		Phase a = phase("a", "kill -9 the leader web", from);
		sleepUntil(from.plus(this.form.before));
		String leader = await("a web leader").atMost(RECOVERY).until(this.cluster::leader, (id) -> id != null);
		a.title += " (" + leader + ")";
		a.faultAt = Instant.now();
		this.cluster.kill(leader);
		String next = await("another web leading").atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(200))
			.until(this.cluster::leader, (id) -> id != null && !id.equals(leader));
		a.note("%s seen leading after %.1f s", next, seconds(a.faultAt, Instant.now()));
		this.cluster.start(leader);
		a.note("%s back after %.1f s", leader, seconds(a.faultAt, Instant.now()));
		from = recover(a);

		// (b) stop the leading etcd member (SIGTERM) and bring it back
		Phase b = phase("b", "stop the etcd leader member and start it again", from);
		sleepUntil(from.plus(this.form.before));
		String member = await("an etcd leader").atMost(RECOVERY).until(this.cluster::etcdLeader, (id) -> id != null);
		b.title += " (" + member + ", down " + this.form.etcdDown.toSeconds() + " s)";
		b.faultAt = Instant.now();
		this.cluster.stop(member);
		String newMember = await("another etcd leader").atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(200))
			.until(this.cluster::etcdLeader, (id) -> id != null && !id.equals(member));
		b.note("%s seen leading etcd after %.1f s", newMember, seconds(b.faultAt, Instant.now()));
		sleepUntil(b.faultAt.plus(this.form.etcdDown));
		this.cluster.start(member);
		b.note("%s back after %.1f s", member, seconds(b.faultAt, Instant.now()));
		from = recover(b);

		// (c) kill -9 the agent holding most jobs; its jobs move; start it again
		Phase c = phase("c", "kill -9 an agent", from);
		sleepUntil(from.plus(this.form.before));
		String killed = busiestAgent();
		c.title += " (" + killed + ")";
		c.faultAt = Instant.now();
		c.movedFrom(killed, movedJobs(killed, c.faultAt));
		this.cluster.kill(killed);
		awaitMoves(c);
		this.cluster.start(killed);
		c.note("%s started again after %.1f s", killed, seconds(c.faultAt, Instant.now()));
		from = recover(c);
		from = rebalance("c+", killed, from);

		// (d) freeze the agent holding most jobs past its lease TTL, then let it go on
		Phase d = phase("d", "SIGSTOP an agent " + this.form.frozen.toSeconds() + " s, then SIGCONT", from);
		sleepUntil(from.plus(this.form.before));
		String frozen = busiestAgent();
		d.title += " (" + frozen + ")";
		d.faultAt = Instant.now();
		d.movedFrom(frozen, movedJobs(frozen, d.faultAt));
		this.cluster.freeze(frozen);
		sleepUntil(d.faultAt.plus(this.form.frozen));
		this.cluster.thaw(frozen);
		d.note("SIGCONT after %.1f s", seconds(d.faultAt, Instant.now()));
		awaitMoves(d);
		from = recover(d);
		from = rebalance("d+", frozen, from);

		// (e) restart MariaDB (SIGTERM, wait for its exit, start, wait until it answers)
		Phase e = phase("e", "restart MariaDB", from);
		sleepUntil(from.plus(this.form.before));
		e.faultAt = Instant.now();
		this.cluster.restart("db");
		e.note("MariaDB answering again after %.1f s", seconds(e.faultAt, Instant.now()));
		from = recover(e);

		// (f) a rolling restart, as a Helm or compose upgrade does it: every agent in
		// turn
		// stopped with SIGTERM, started again and given its share back, the next one
		// only then. A stopping agent hands its jobs and the fires it claimed ahead
		// back, so no instant may be lost here: no gap is allowed.
		Phase f = phase("f", "rolling restart of every agent (SIGTERM, start, rebalance; one at a time)", from);
		sleepUntil(from.plus(this.form.before));
		f.faultAt = Instant.now();
		for (String agent : AGENTS) {
			restartInTurn(f, agent);
		}
		recover(f);
	}

	/**
	 * One agent of a rolling restart: SIGTERM and wait for its exit, start it and wait
	 * until it answers, then a rebalance and wait until it fires its share again.
	 */
	private void restartInTurn(Phase phase, String agent) {
		Instant stopping = Instant.now();
		this.cluster.stop(agent);
		Instant stopped = Instant.now();
		this.cluster.start(agent);
		Instant started = Instant.now();
		long share = this.jobs.size() / AGENTS.size();
		// asked again every 5 s: the leader may not see the agent yet when it first
		// answers (that rebalance moves nothing)
		Instant[] asked = { Instant.EPOCH };
		await(agent + " holding " + share + " jobs again").atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(500))
			.until(() -> {
				if (Instant.now().isAfter(asked[0].plusSeconds(5))) {
					Api.Answer answer = api(null).post("/api/v1/cluster/rebalance", Map.of());
					assertThat(answer.status()).as("%s", answer.body()).isEqualTo(202);
					asked[0] = Instant.now();
				}
				this.calls.refresh();
				return this.calls.heldBy(this.jobs, agent, lastDue()) >= share;
			});
		phase.note("%s stopped in %.1f s, started in %.1f s, fires its share (%d) again %.1f s after the SIGTERM",
				agent, seconds(stopping, stopped), seconds(stopped, started), share, seconds(stopping, Instant.now()));
	}

	/** Asks for a rebalance and waits until the agent that came back holds its share. */
	private Instant rebalance(String key, String agent, Instant from) {
		Phase phase = phase(key, "recovery: rebalance onto " + agent, from);
		sleepUntil(from.plus(this.form.before));
		phase.faultAt = Instant.now();
		Api.Answer answer = api(null).post("/api/v1/cluster/rebalance", Map.of());
		assertThat(answer.status()).as("%s", answer.body()).isEqualTo(202);
		long share = this.jobs.size() / AGENTS.size();
		await(agent + " holding " + share + " jobs again").atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(500))
			.until(() -> {
				this.calls.refresh();
				return this.calls.heldBy(this.jobs, agent, lastDue()) >= share;
			});
		phase.note("%s fires its share (%d) after %.1f s", agent, share, seconds(phase.faultAt, Instant.now()));
		return recover(phase);
	}

	private Phase phase(String key, String title, Instant from) {
		Phase phase = new Phase(key, title, from);
		this.phases.add(phase);
		ChaosReport.say("chaos: " + key + ": " + title + ", window from " + from);
		return phase;
	}

	/** Waits until every job fires again, then the window's quiet end. */
	private Instant recover(Phase phase) {
		awaitSteady("every job firing again after " + phase.key);
		phase.note("all firing again after %.1f s", seconds(phase.faultAt, Instant.now()));
		sleepUntil(Instant.now().plus(this.form.after));
		return close(phase);
	}

	private Instant close(Phase phase) {
		phase.end = nextSecond(Instant.now());
		sleepUntil(phase.end);
		return phase.end;
	}

	/**
	 * Waits until every job got its call for each of the last three instants that were
	 * due two seconds ago.
	 */
	private void awaitSteady(String what) {
		await(what).atMost(RECOVERY).pollInterval(Duration.ofMillis(500)).until(() -> {
			this.calls.refresh();
			return this.calls.calledEach(this.jobs, lastDue().minusSeconds(2), 3);
		});
	}

	/**
	 * The latest instant every on-time fire has reached the target by now, with slack.
	 */
	private static Instant lastDue() {
		return Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(2);
	}

	/** The agent whose calls for the last due instant were most. */
	private String busiestAgent() {
		this.calls.refresh();
		Instant instant = lastDue();
		return AGENTS.stream()
			.max(Comparator.comparingLong((agent) -> this.calls.heldBy(this.jobs, agent, instant)))
			.orElseThrow();
	}

	/** The jobs whose last call before the fault came from the agent. */
	private List<Long> movedJobs(String agent, Instant at) {
		this.calls.refresh();
		return this.jobs.stream().filter((job) -> agent.equals(this.calls.agentBefore(job, at))).toList();
	}

	/** Waits until each moved job got a call from another agent since the fault. */
	private void awaitMoves(Phase phase) {
		await("the jobs of " + phase.agent + " firing on other agents").atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(200))
			.until(() -> {
				this.calls.refresh();
				for (long job : phase.moved.keySet()) {
					if (phase.moved.get(job) == null) {
						phase.moved.put(job, this.calls.firstElsewhere(job, phase.faultAt, phase.agent));
					}
				}
				return phase.moved.values().stream().allMatch((call) -> call != null);
			});
	}

	/**
	 * After the last window: the target has its calls, and the agents have written their
	 * records (spool replays included): waits until the calls and rows of the windows'
	 * instants stop changing (the jobs keep firing after them).
	 */
	private void settle() throws SQLException {
		Instant end = this.phases.stream()
			.map((phase) -> phase.end)
			.filter((at) -> at != null)
			.max(Comparator.naturalOrder())
			.orElse(Instant.now());
		try (Connection db = DriverManager.getConnection(this.cluster.get("DB_URL"), this.cluster.get("DB_USER"),
				this.cluster.get("DB_PASSWORD"));
				PreparedStatement rows = db.prepareStatement(
						"SELECT COUNT(*), SUM(status NOT IN ('PENDING', 'RUNNING')) FROM execution WHERE scheduled_at < ?")) {
			rows.setObject(1, LocalDateTime.ofInstant(end, ZoneOffset.UTC));
			String[] seen = { "" };
			await().pollDelay(Duration.ofSeconds(5))
				.pollInterval(Duration.ofSeconds(5))
				.atMost(Duration.ofMinutes(3))
				.until(() -> {
					this.calls.refresh();
					long calls = this.calls.all().stream().filter((call) -> call.scheduledAt().isBefore(end)).count();
					String now = calls + " calls, rows " + rowCounts(rows);
					boolean unchanged = now.equals(seen[0]);
					seen[0] = now;
					return unchanged;
				});
		}
	}

	private static String rowCounts(PreparedStatement rows) throws SQLException {
		try (ResultSet result = rows.executeQuery()) {
			result.next();
			return result.getLong(1) + " / finished " + result.getLong(2);
		}
	}

	/** A web instance that is alive, not {@code except}. */
	private Api api(String except) {
		for (Map.Entry<String, Api> web : this.webs.entrySet()) {
			if (!web.getKey().equals(except)) {
				try {
					web.getValue().get("/api/v1/cluster");
					return web.getValue();
				}
				catch (UncheckedIOException ex) {
					// down: the other one
				}
			}
		}
		throw new IllegalStateException("no web instance answers");
	}

	private static Instant nextSecond(Instant t) {
		return t.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
	}

	private static double seconds(Instant from, Instant to) {
		return Duration.between(from, to).toMillis() / 1000.0;
	}

	/**
	 * The test's own timeline: each window is a fixed span of firing to count (before and
	 * after a fault, a fault held for its duration), not a wait for a condition.
	 */
	private static void sleepUntil(Instant t) {
		long millis = Duration.between(Instant.now(), t).toMillis();
		if (millis > 0) {
			try {
				Thread.sleep(millis);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	private static String loadAverage() {
		try {
			return Files.readString(Path.of("/proc/loadavg")).strip();
		}
		catch (IOException ex) {
			return "?";
		}
	}

}
