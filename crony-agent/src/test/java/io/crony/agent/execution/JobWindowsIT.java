package io.crony.agent.execution;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import io.crony.agent.AgentDatabase;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jobs' windows against real MariaDB, each agent on a connection of its own (so the
 * session's statement counters tell what a batch took): two agents never own one instant
 * of a job, however they race; a window is taken only once it ended before the first
 * instant asked for, a truncated one exactly from its cut; and while the lease is
 * unconfirmed an agent extends only the windows of jobs table {@code job} places on it.
 */
class JobWindowsIT {

	private static final Instant T = Instant.parse("2026-11-29T20:00:00Z");

	/** A window of lease TTL + 1 s, the plan's default. */
	private static final Duration WINDOW = Duration.ofSeconds(11);

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private final List<SingleConnectionDataSource> connections = new ArrayList<>();

	private JdbcTemplate jdbc;

	private JobWindows a;

	private JobWindows b;

	@BeforeEach
	void connect() throws SQLException {
		AgentDatabase.migrate(services);
		this.jdbc = connection();
		this.a = new JobWindows(this.jdbc);
		this.b = new JobWindows(connection());
		this.jdbc.update("DELETE FROM job_window");
		this.jdbc.update("DELETE FROM job");
	}

	@AfterEach
	void close() {
		this.connections.forEach(SingleConnectionDataSource::destroy);
	}

	@Test
	void twoAgentsRacingForTheSameWindowsNeverBothOwnAnInstant() throws Exception {
		List<Long> jobs = jobs(1, 200, "a");
		Map<String, JobWindows> agents = Map.of("a", this.a, "b", this.b);
		Map<String, List<JobWindow>> won = new HashMap<>(Map.of("a", new ArrayList<>(), "b", new ArrayList<>()));
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			CyclicBarrier start = new CyclicBarrier(2);
			// round 0 races to make the windows, every later one to take them as they end
			for (int round = 0; round < 25; round++) {
				Instant from = T.plus(WINDOW.multipliedBy(round));
				List<JobWindowAsk> asks = jobs.stream()
					.map((job) -> new JobWindowAsk(job, from, from.plus(WINDOW)))
					.toList();
				Map<String, Future<Map<Long, JobWindow>>> answers = new HashMap<>();
				agents.forEach((agent, windows) -> answers.put(agent, threads.submit(() -> {
					start.await(30, TimeUnit.SECONDS);
					return windows.extend(agent, asks, false);
				})));
				Map<String, Map<Long, JobWindow>> read = new HashMap<>();
				for (String agent : agents.keySet()) {
					read.put(agent, answers.get(agent).get(30, TimeUnit.SECONDS));
				}
				for (long job : jobs) {
					List<String> owners = agents.keySet()
						.stream()
						.filter((agent) -> read.get(agent).get(job).owns(agent, from))
						.toList();
					assertThat(owners).as("agents owning job %d at %s", job, from).hasSize(1);
					owners.forEach((agent) -> won.get(agent).add(read.get(agent).get(job)));
				}
			}
		}
		finally {
			threads.shutdownNow();
		}
		for (JobWindow ofA : won.get("a")) {
			for (JobWindow ofB : won.get("b")) {
				if (ofA.jobId() == ofB.jobId()) {
					assertThat(ofA.until().isAfter(ofB.from()) && ofB.until().isAfter(ofA.from()))
						.as("%s overlaps %s", ofA, ofB)
						.isFalse();
				}
			}
		}
	}

	@Test
	void aTruncatedWindowIsTakenFromItsCutAndNotBefore() {
		jobs(1, 2, "a");
		this.a.extend("a", List.of(ask(1, 0, 11), ask(2, 0, 11)), false);

		this.a.truncate("a", Map.of(1L, T.plusSeconds(4), 2L, T.minusSeconds(5)));

		// cut at its first undispatched instant (a job's first window starts before any
		// of its instants)
		assertThat(this.a.read(List.of(1L, 2L))).containsValues(made(1, "a", 4), made(2, "a", -5));
		assertThat(this.b.extend("b", List.of(ask(1, 3, 14)), false)).containsValue(made(1, "a", 4));
		assertThat(this.b.extend("b", List.of(ask(1, 4, 15), ask(2, 0, 11)), false))
			.containsValues(window(1, "b", 4, 15), window(2, "b", -5, 11));

		// a cut of the windows another agent took leaves them alone
		this.a.truncate("a", Map.of(1L, T.plusSeconds(5), 2L, T.plusSeconds(5)));
		assertThat(this.b.read(List.of(1L, 2L))).containsValues(window(1, "b", 4, 15), window(2, "b", -5, 11));
		// a cut never goes before the window's start
		this.b.truncate("b", Map.of(1L, T.plusSeconds(2)));
		assertThat(this.b.read(List.of(1L))).containsValue(window(1, "b", 4, 4));
	}

	@Test
	void anArrivingJobsWindowStartsJustPastItsFormerHoldersFenceWhereverTheWindowStood() {
		jobs(1, 5, "a");
		this.a.extend("a", List.of(ask(1, 0, 19), ask(2, 0, 11), ask(3, 0, 11), ask(4, 0, 11), ask(5, 0, 30)), false);
		// job 1's dead holder cut by the arriving agent past its fence (8 s); jobs 2
		// and 3 taken by b from their end (11 s) before the arrival was judged, which
		// lay past job 2's fence (8 s) and before job 3's (14 s); job 4's window ended
		// before its fence (14 s), not taken yet
		this.b.truncate("a", Map.of(1L, T.plusSeconds(8)));
		assertThat(this.b.extend("b", List.of(ask(1, 9, 20), ask(2, 12, 23), ask(3, 12, 23)), false))
			.containsValues(window(1, "b", 8, 20), window(2, "b", 11, 23), window(3, "b", 11, 23));

		this.b.startAt("b", "a", Map.of(2L, T.plusSeconds(8), 3L, T.plusSeconds(14), 4L, T.plusSeconds(14)));

		// back to the fence, up to it (a's replayed records of 11 to 14 s are not kept
		// out), and an ended window taken there, from where a later take starts
		assertThat(this.b.read(List.of(2L, 3L, 4L))).containsValues(window(2, "b", 8, 23), window(3, "b", 14, 23),
				window(4, "b", 14, 14));
		assertThat(this.b.extend("b", List.of(ask(4, 15, 26)), false)).containsValue(window(4, "b", 14, 26));
		// never the former holder's window still live there, nor another agent's
		this.b.startAt("b", "a", Map.of(5L, T.plusSeconds(14)));
		this.a.startAt("a", "c", Map.of(1L, T.plusSeconds(2), 2L, T.plusSeconds(2)));
		assertThat(this.b.read(List.of(1L, 2L, 5L))).containsValues(window(1, "b", 8, 20), window(2, "b", 8, 23),
				made(5, "a", 30));
	}

	@Test
	void aLiveWindowOfAnotherAgentIsTakenOnlyOnceItEnded() {
		jobs(1, 1, "a");
		this.a.extend("a", List.of(ask(1, 0, 11)), false);

		// its own: the end moves on, never back, the start up to the first instant asked
		assertThat(this.a.extend("a", List.of(ask(1, 2, 20)), false)).containsValue(window(1, "a", 2, 20));
		assertThat(this.a.extend("a", List.of(ask(1, 3, 15)), false)).containsValue(window(1, "a", 3, 20));

		JobWindowAsk justBefore = new JobWindowAsk(1, T.plusSeconds(20).minusMillis(1), T.plusSeconds(31));
		assertThat(this.b.extend("b", List.of(justBefore), false)).containsValue(window(1, "a", 3, 20));
		assertThat(this.b.extend("b", List.of(ask(1, 20, 31)), false)).containsValue(window(1, "b", 20, 31));
		assertThat(this.a.extend("a", List.of(ask(1, 21, 40)), false)).containsValue(window(1, "b", 20, 31));
	}

	@Test
	void aJobsFirstWindowStartsBeforeAnyOfItsInstants() {
		jobs(1, 1, "a");

		assertThat(this.a.extend("a", List.of(ask(1, 30, 41)), false)).containsValue(made(1, "a", 41));
	}

	@Test
	void aWindowThatEndedIsTakenFromItsEnd() {
		jobs(1, 2, "a");
		this.a.extend("a", List.of(ask(1, 0, 11), ask(2, 0, 11)), false);

		// b takes job 1 long after a's window ended, a asks for job 2 again after its own
		// ended: the seconds in between were nobody's
		assertThat(this.b.extend("b", List.of(ask(1, 30, 41)), false)).containsValue(window(1, "b", 11, 41));
		assertThat(this.a.extend("a", List.of(ask(2, 30, 41)), false)).containsValue(window(2, "a", 11, 41));
		// a live window asked for from before its start keeps its start
		assertThat(this.b.extend("b", List.of(ask(1, 5, 45)), false)).containsValue(window(1, "b", 11, 45));
	}

	@Test
	void whileTheLeaseIsUnconfirmedOnlyAJobThatTheJobRowPlacesHereIsExtended() {
		jobs(1, 3, "a");
		this.a.extend("a", List.of(ask(1, 0, 11)), true);
		assertThat(this.a.read(List.of(1L))).containsValue(heldTo(made(1, "a", 11), 11));

		// the leader moved job 1 to b, disabled job 2 and placed job 3 on b
		this.jdbc.update("UPDATE job SET agent_id = 'b' WHERE id IN (1, 3)");
		this.jdbc.update("UPDATE job SET enabled = 0 WHERE id = 2");
		Map<Long, JobWindow> held = this.a.extend("a", List.of(ask(1, 5, 16), ask(2, 5, 16), ask(3, 5, 16)), true);

		assertThat(held).containsOnlyKeys(1L).containsValue(heldTo(made(1, "a", 11), 11));
		assertThat(this.b.extend("b", List.of(ask(1, 11, 22)), true)).containsValue(heldTo(window(1, "b", 11, 22), 22));
		// without the guard (the lease confirmed) the job row is not asked
		assertThat(this.a.extend("a", List.of(ask(2, 5, 16)), false)).containsValue(made(2, "a", 16));
	}

	@Test
	void onlyAnAskWhileTheLeaseIsUnconfirmedRaisesTheHeldMarkWhichStaysWithTheRowThroughCutsAndTakes() {
		jobs(1, 1, "a");
		this.a.extend("a", List.of(ask(1, 0, 11)), false);
		assertThat(this.a.read(List.of(1L))).containsValue(made(1, "a", 11));

		// etcd away: asked just past the fire at second 5, inside the window
		this.a.extend("a", List.of(ask(1, 5, 6)), true);
		assertThat(this.a.read(List.of(1L))).containsValue(heldTo(window(1, "a", 5, 11), 6));
		// etcd back: the window grows, the mark stays
		this.a.extend("a", List.of(ask(1, 10, 21)), false);
		assertThat(this.a.read(List.of(1L))).containsValue(heldTo(window(1, "a", 10, 21), 6));
		// away again: the mark only rises
		this.a.extend("a", List.of(ask(1, 12, 13)), true);
		this.a.extend("a", List.of(ask(1, 3, 4)), true);
		assertThat(this.a.read(List.of(1L))).containsValue(heldTo(window(1, "a", 12, 21), 13));
		// a cut and a take from the cut keep it: the next holder's judgement reads it
		this.a.truncate("a", Map.of(1L, T.plusSeconds(15)));
		assertThat(this.b.extend("b", List.of(ask(1, 15, 26)), false))
			.containsValue(heldTo(window(1, "b", 15, 26), 13));
	}

	@Test
	void aBatchIsTheSameFewStatementsWhateverItsSize() {
		jobs(1, 400, "a");
		List<JobWindowAsk> few = LongStream.rangeClosed(1, 3).mapToObj((job) -> ask(job, 0, 11)).toList();
		List<JobWindowAsk> many = LongStream.rangeClosed(1, 400).mapToObj((job) -> ask(job, 5, 16)).toList();

		Map<String, Long> before = counters();
		this.a.extend("a", few, false);
		Map<String, Long> afterFew = counters();
		this.a.extend("a", many, false);
		Map<String, Long> afterMany = counters();
		this.a.extend("a", LongStream.rangeClosed(1, 400).mapToObj((job) -> ask(job, 6, 17)).toList(), false);
		Map<String, Long> afterExtension = counters();
		this.a.truncate("a",
				LongStream.rangeClosed(1, 400)
					.boxed()
					.collect(Collectors.toMap((job) -> job, (job) -> T.plusSeconds(12))));
		Map<String, Long> afterCut = counters();

		// the extension, the insert, the read back; a counters' read counts itself
		Map<String, Long> batch = Map.of("COM_UPDATE", 0L, "COM_UPDATE_MULTI", 1L, "COM_INSERT_SELECT", 1L,
				"COM_SELECT", 2L);
		assertThat(difference(before, afterFew)).isEqualTo(batch);
		assertThat(difference(afterFew, afterMany)).isEqualTo(batch);
		// every window there already, matched by the extension: nothing to insert
		assertThat(difference(afterMany, afterExtension))
			.isEqualTo(Map.of("COM_UPDATE", 0L, "COM_UPDATE_MULTI", 1L, "COM_INSERT_SELECT", 0L, "COM_SELECT", 2L));
		assertThat(difference(afterExtension, afterCut))
			.isEqualTo(Map.of("COM_UPDATE", 1L, "COM_UPDATE_MULTI", 0L, "COM_INSERT_SELECT", 0L, "COM_SELECT", 1L));
		assertThat(this.a.read(List.of(1L, 4L, 400L))).containsValues(window(1, "a", 6, 12), window(4, "a", 6, 12),
				window(400, "a", 6, 12));
	}

	@Test
	void aDeletedJobHasNoWindow() {
		jobs(1, 2, "a");
		this.a.extend("a", List.of(ask(1, 0, 11)), false);

		this.jdbc.update("DELETE FROM job WHERE id IN (1, 2)");

		assertThat(this.a.extend("a", List.of(ask(1, 5, 16), ask(2, 5, 16)), false)).isEmpty();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job_window", Integer.class)).isZero();
	}

	private JdbcTemplate connection() throws SQLException {
		SingleConnectionDataSource dataSource = AgentDatabase.connection(services);
		this.connections.add(dataSource);
		return new JdbcTemplate(dataSource);
	}

	private List<Long> jobs(long first, long last, String agent) {
		List<Long> ids = LongStream.rangeClosed(first, last).boxed().toList();
		for (long id : ids) {
			this.jdbc.update("INSERT INTO job (id, name, schedule, time_zone, target_type, spec, enabled, agent_id,"
					+ " created_at, updated_at) VALUES (?, ?, '* * * * * ?', 'UTC', 'HTTP', '{}', 1, ?, NOW(3), NOW(3))",
					id, "job-" + id, agent);
		}
		return ids;
	}

	private static JobWindowAsk ask(long job, long fromSecond, long untilSecond) {
		return new JobWindowAsk(job, T.plusSeconds(fromSecond), T.plusSeconds(untilSecond));
	}

	// a job's first window, made by the agent: it starts before any instant of the job
	private static JobWindow made(long job, String agent, long untilSecond) {
		return new JobWindow(job, agent, JobWindows.MADE_FROM, T.plusSeconds(untilSecond));
	}

	private static JobWindow heldTo(JobWindow window, long heldSecond) {
		return new JobWindow(window.jobId(), window.agentId(), window.from(), window.until(),
				T.plusSeconds(heldSecond));
	}

	private static JobWindow window(long job, String agent, long fromSecond, long untilSecond) {
		return new JobWindow(job, agent, T.plusSeconds(fromSecond), T.plusSeconds(untilSecond));
	}

	private Map<String, Long> counters() {
		Map<String, Long> counters = new HashMap<>();
		this.jdbc.query(
				"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE "
						+ "VARIABLE_NAME IN ('COM_UPDATE', 'COM_UPDATE_MULTI', 'COM_INSERT_SELECT', 'COM_SELECT')",
				(rs) -> {
					counters.put(rs.getString(1).toUpperCase(Locale.ROOT), rs.getLong(2));
				});
		return counters;
	}

	private static Map<String, Long> difference(Map<String, Long> before, Map<String, Long> after) {
		Map<String, Long> difference = new HashMap<>();
		after.forEach((name, value) -> difference.put(name, value - before.get(name)));
		return difference;
	}

}
