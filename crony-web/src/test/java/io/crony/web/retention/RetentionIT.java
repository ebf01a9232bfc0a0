package io.crony.web.retention;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.web.cluster.ClusterProperties;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.crony.web.cluster.leadership.LeadershipListener;
import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import io.crony.web.support.Users;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retention purge against real MariaDB and etcd, with the platform default of 30 days
 * and no count limit: rows of several jobs, of every age, count and status, are inserted
 * as agents write them, one purge runs (its period is set far off, so only the test
 * starts it), and exactly the expected rows remain. Batches are the smallest (100 rows),
 * so a job's rows go over several.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + RetentionIT.ADMIN_PASSWORD,
				"crony.web.retention.initial-delay=1h", "crony.web.retention.batch-size=100",
				"crony.web.retention.pause=0s" })
class RetentionIT {

	static final String ADMIN_PASSWORD = "admin-password-retention-1";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		// the rows are written by hand: the leader's workflow rounds must not decide the
		// WAITING fires among them (a job without upstreams stops its waiting fire)
		registry.add("crony.web.workflow.enabled", () -> "false");
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private LeaderElection election;

	@Autowired
	private ExecutionPurge purge;

	@Autowired
	private MeterRegistry meters;

	private ApiClient api;

	private Instant now;

	@BeforeEach
	void setUp() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(this.election::isLeader);
		this.now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		for (String child : List.of("execution_attempt", "execution_shard", "execution_clear")) {
			this.jdbc.update("DELETE FROM " + child);
		}
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM purge_run");
		this.jdbc.update("DELETE FROM department_member WHERE department_id <> 1");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
	}

	@Test
	void removesExactlyWhatEachJobsRetentionLeavesBehind() {
		long inherits = job("inherits", null);
		long counted = job("counted", Map.of("maxCount", 3));
		long countedYoung = job("counted-young", Map.of("maxCount", 2));
		long shortLived = job("short-lived", Map.of("days", 2));
		long idle = job("idle", Map.of("days", 1));
		long released = job("released", Map.of("days", 1));
		long many = job("many", null);
		long gone = job("gone", null);
		assertThat(this.api.delete("/api/v1/jobs/" + gone).status()).isEqualTo(204);
		assertThat(this.api.post("/api/v1/departments", Map.of("name", "short-keepers", "retentionDays", 5)).status())
			.isEqualTo(201);
		ApiClient shortKeepers = this.api;
		this.api = this.api.inDepartment("short-keepers");
		long departmentDefault = job("department-default", null);
		long ownOverDepartment = job("own-over-department", Map.of("days", 10));
		this.api = shortKeepers;
		Set<Long> kept = new HashSet<>();
		Set<Long> removed = new HashSet<>();

		// the platform default, 30 days: older finished rows go, unfinished ones stay
		removed.add(row(inherits, "CRON", "SUCCEEDED", days(40)));
		removed.add(row(inherits, "CRON", "FAILED", days(35)));
		removed.add(row(inherits, "MANUAL", "CANCELLED", days(31)));
		kept.add(row(inherits, "CRON", "SUCCEEDED", days(29)));
		kept.add(row(inherits, "CRON", "SUCCEEDED", days(1)));
		kept.add(row(inherits, "CRON", "RUNNING", days(60)));
		kept.add(row(inherits, "CRON", "PENDING", days(45)));
		// a fire waiting for its upstream jobs is not over either, however old
		kept.add(row(inherits, "CRON", "WAITING", days(50)));
		// no foreign key cascades since V31: the purge removes a run's children itself
		long removedWithChildren = row(inherits, "CRON", "FAILED", days(33));
		removed.add(removedWithChildren);
		children(removedWithChildren);
		long keptWithChildren = row(inherits, "CRON", "FAILED", days(3));
		kept.add(keptWithChildren);
		children(keptWithChildren);
		// max count 3 (days inherited): the 50-day-old row by age, 7 of the 10 recent
		// ones by count; the RUNNING row neither counts nor goes
		removed.add(row(counted, "CRON", "FAILED", days(50)));
		for (int hour = 1; hour <= 10; hour++) {
			(hour <= 3 ? kept : removed).add(row(counted, "CRON", "SUCCEEDED", this.now.minus(hour, ChronoUnit.HOURS)));
		}
		kept.add(row(counted, "CRON", "RUNNING", this.now.minus(330, ChronoUnit.MINUTES)));
		// max count 2, every row hours old: nothing for the age rule, yet the count
		// rule takes the two oldest (a job with no row past its days is not passed over
		// while it has a count limit)
		for (int hour = 1; hour <= 4; hour++) {
			(hour <= 2 ? kept : removed)
				.add(row(countedYoung, "CRON", "SUCCEEDED", this.now.minus(hour, ChronoUnit.HOURS)));
		}
		// removed by count: seven of "counted", two of "counted-young"
		int byCount = 7 + 2;
		// 2 days: its own limit, not the default's
		kept.add(row(shortLived, "CRON", "SUCCEEDED", days(1)));
		removed.add(row(shortLived, "CRON", "SUCCEEDED", days(3)));
		// its bound is the start of the UTC day 2 days ago, a row goes with its day: one
		// at that start stays, though more than 2 days old
		Instant dayTwoDaysAgo = days(2).truncatedTo(ChronoUnit.DAYS);
		kept.add(row(shortLived, "CRON", "SUCCEEDED", dayTwoDaysAgo));
		removed.add(row(shortLived, "CRON", "SUCCEEDED", dayTwoDaysAgo.minusMillis(1)));
		removed.add(row(shortLived, "MANUAL", "SUCCEEDED", days(4)));
		removed.add(row(shortLived, "MISFIRE", "MISSED", days(5)));
		// 1 day, but its latest fire (10 days ago) is what an agent taking it over reads
		// back: it stays, with the stuck RUNNING row before it
		kept.add(row(idle, "CRON", "SUCCEEDED", days(10)));
		removed.add(row(idle, "CRON", "SUCCEEDED", days(20)));
		kept.add(row(idle, "CRON", "RUNNING", days(30)));
		// a job with upstreams: its fires they released run as DEPENDENCY, and the latest
		// is its latest fire (before, an older stopped CRON fire was, and every row after
		// that one stayed)
		kept.add(row(released, "DEPENDENCY", "SUCCEEDED", days(10)));
		removed.add(row(released, "DEPENDENCY", "SUCCEEDED", days(15)));
		removed.add(row(released, "CRON", "SKIPPED", days(20)));
		// 1 day, and its latest fire (10 days ago) went with its day, kept as a mark: the
		// rows before the mark go (before, the older row read as its latest fire stayed),
		// the stuck RUNNING row and the newer manual run stay
		long marked = job("marked", Map.of("days", 1));
		this.jdbc.update("INSERT INTO job_last_fire (job_id, scheduled_at, execution_id, agent_id, status)"
				+ " VALUES (?, ?, 1, 'agent-1', 'SUCCEEDED')", marked, SqlTime.of(days(10)));
		removed.add(row(marked, "CRON", "SUCCEEDED", days(20)));
		kept.add(row(marked, "CRON", "RUNNING", days(30)));
		kept.add(row(marked, "MANUAL", "SUCCEEDED", days(5)));
		// 250 old rows: three batches
		for (int i = 0; i < 250; i++) {
			removed.add(row(many, "CRON", "SKIPPED", days(31).minus(i, ChronoUnit.MINUTES)));
		}
		kept.add(row(many, "CRON", "SUCCEEDED", days(2)));
		// the department's 5 days, between the job's own and the platform's
		removed.add(row(departmentDefault, "CRON", "SUCCEEDED", days(6)));
		kept.add(row(departmentDefault, "CRON", "SUCCEEDED", days(4)));
		kept.add(row(ownOverDepartment, "CRON", "SUCCEEDED", days(6)));
		removed.add(row(ownOverDepartment, "CRON", "SUCCEEDED", days(11)));
		// a deleted job's rows follow the platform default
		removed.add(row(gone, "CRON", "SUCCEEDED", days(40)));
		kept.add(row(gone, "CRON", "SUCCEEDED", days(10)));
		double countedBefore = removedRows("count");
		double agedBefore = removedRows("age");

		// a dry run says what the purge below removes, and removes nothing
		ApiClient.Response preview = this.api.get("/api/v1/retention/preview");
		assertThat(preview.status()).as("%s", preview.body()).isEqualTo(200);
		assertThat(preview.body().path("wouldRemoveByCount").asLong()).isEqualTo(byCount);
		assertThat(preview.body().path("wouldRemoveByAge").asLong()).isEqualTo(removed.size() - byCount);
		assertThat(preview.body().path("jobsExamined").asInt()).isEqualTo(11);
		assertThat(ids()).containsAll(removed).containsAll(kept);
		assertThat(removedRows("age")).isEqualTo(agedBefore);

		PurgeRun run = this.purge.purge();

		assertThat(ids()).containsExactlyInAnyOrderElementsOf(kept);
		assertThat(childrenOf(removedWithChildren)).isZero();
		assertThat(childrenOf(keptWithChildren)).isEqualTo(3);
		assertThat(run.outcome()).isEqualTo("COMPLETED");
		assertThat(run.removedByCount()).isEqualTo(byCount);
		assertThat(run.removedByAge()).isEqualTo(removed.size() - byCount);
		assertThat(run.jobsExamined()).isEqualTo(11);
		assertThat(run.finishedAt()).isNotNull();
		assertThat(removedRows("count") - countedBefore).isEqualTo(byCount);
		assertThat(removedRows("age") - agedBefore).isEqualTo(removed.size() - byCount);

		// a second purge finds nothing more; a purge left RUNNING by a leader that died
		// is closed as STOPPED
		this.jdbc.update("INSERT INTO purge_run (started_at, outcome) VALUES (?, 'RUNNING')",
				SqlTime.of(this.now.minusSeconds(3600)));
		PurgeRun again = this.purge.purge();
		assertThat(again.removed()).isZero();
		assertThat(ids()).containsExactlyInAnyOrderElementsOf(kept);

		ApiClient.Response purges = this.api.get("/api/v1/retention/purges");
		assertThat(purges.status()).isEqualTo(200);
		assertThat(purges.body().path("total").asLong()).isEqualTo(3);
		assertThat(purges.body().path("items").get(0).path("outcome").asText()).isEqualTo("COMPLETED");
		assertThat(purges.body().path("items").get(1).path("outcome").asText()).isEqualTo("STOPPED");
		assertThat(purges.body().path("items").get(1).path("finishedAt").isTextual()).isTrue();
		assertThat(purges.body().path("items").get(2).path("removedByCount").asLong()).isEqualTo(byCount);
		assertThat(purges.body().path("items").get(2).path("outcome").asText()).isEqualTo("COMPLETED");
		assertThat(this.api.get("/api/v1/retention").body().path("days").asInt()).isEqualTo(30);
		ApiClient operator = Users.create(this.api, "retention-operator", "OPERATOR");
		assertThat(operator.get("/api/v1/retention/purges").status()).isEqualTo(403);
		assertThat(operator.get("/api/v1/retention/preview").status()).isEqualTo(403);
		assertThat(operator.post("/api/v1/retention/purges", Map.of()).status()).isEqualTo(403);
		this.api.delete("/api/v1/users/" + this.jdbc
			.queryForObject("SELECT id FROM app_user WHERE username = 'retention-operator'", Long.class));
	}

	@Test
	void aSecondInstanceThatDoesNotLeadPurgesNothing(@Autowired Client etcd, @Autowired CronyKeys keys,
			@Autowired ClusterProperties cluster, @Autowired RetentionRules rules,
			@Autowired RetentionProperties properties, @Autowired PurgeRuns runs) {
		long job = job("elsewhere", null);
		long old = row(job, "CRON", "SUCCEEDED", days(90));
		row(job, "CRON", "SUCCEEDED", days(1));
		// a second web instance, campaigning behind this one's leadership
		LeaderElection candidate = new LeaderElection(etcd, keys, cluster, "web-not-leading", new LeadershipListener() {
			@Override
			public void elected(LeaderTerm term) {
			}

			@Override
			public void revoked(LeaderTerm term) {
			}
		});
		candidate.start();
		try {
			ExecutionPurge elsewhere = new ExecutionPurge(this.jdbc, candidate, rules, properties, runs,
					new ExecutionPartitions(this.jdbc, properties, new LastFireMarks(this.jdbc, properties)),
					new SimpleMeterRegistry());
			assertThat(candidate.isLeader()).isFalse();
			assertThat(elsewhere.purge()).isNull();
			assertThat(ids()).contains(old);
			assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM purge_run", Long.class)).isZero();
		}
		finally {
			candidate.stop();
		}
		assertThat(this.purge.purge().removedByAge()).isEqualTo(1);
		assertThat(ids()).doesNotContain(old);
	}

	@Test
	void aPurgeAskedForNowIsRunByTheLeaderAndAudited() {
		long job = job("asked", Map.of("days", 3));
		long old = row(job, "CRON", "SUCCEEDED", days(10));
		long recent = row(job, "CRON", "SUCCEEDED", days(1));

		ApiClient.Response asked = this.api.post("/api/v1/retention/purges", Map.of());
		assertThat(asked.status()).as("%s", asked.body()).isEqualTo(202);
		long purge = asked.body().path("id").asLong();
		// asked again while it waits or runs: the same purge, not a second one
		ApiClient.Response again = this.api.post("/api/v1/retention/purges", Map.of());
		assertThat(again.status()).isEqualTo(202);
		// (a second one only if the first had ended in between)
		assertThat(again.body().path("id").asLong() == purge || "COMPLETED"
			.equals(this.jdbc.queryForObject("SELECT outcome FROM purge_run WHERE id = ?", String.class, purge)))
			.isTrue();

		Awaitility.await()
			.atMost(java.time.Duration.ofSeconds(60))
			.until(() -> "COMPLETED"
				.equals(this.jdbc.queryForObject("SELECT outcome FROM purge_run WHERE id = ?", String.class, purge)));
		assertThat(ids()).containsExactly(recent).doesNotContain(old);
		assertThat(this.jdbc.queryForObject("SELECT removed_by_age FROM purge_run WHERE id = ?", Long.class, purge))
			.isEqualTo(1);
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM audit_log WHERE action = 'RETENTION_PURGE' AND object_id = ?", Long.class,
				String.valueOf(purge)))
			.isOne();
	}

	@Test
	void jobApiTakesShowsAndClearsAJobsOwnRetention() {
		ApiClient.Response created = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("kept-long"), "retention", Map.of("days", 365, "maxCount", 1000)));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().path("retention").path("days").asInt()).isEqualTo(365);
		assertThat(created.body().path("retention").path("maxCount").asInt()).isEqualTo(1000);

		ApiClient.Response cleared = this.api.put("/api/v1/jobs/" + created.id(),
				Jobs.with(Jobs.http("kept-long"), "retention.days", 7));
		assertThat(cleared.status()).as("%s", cleared.body()).isEqualTo(200);
		assertThat(cleared.body().path("retention").path("days").asInt()).isEqualTo(7);
		assertThat(cleared.body().path("retention").path("maxCount").isNull()).isTrue();
		assertThat(
				this.jdbc.queryForMap("SELECT retention_days, retention_max_count FROM job WHERE id = ?", created.id()))
			.containsEntry("retention_days", 7)
			.containsEntry("retention_max_count", null);
		assertThat(lastUpdateChanges(created.id())).contains("\"field\":\"retention.days\"")
			.contains("\"field\":\"retention.maxCount\"");

		ApiClient.Response inherited = this.api.put("/api/v1/jobs/" + created.id(), Jobs.http("kept-long"));
		assertThat(inherited.status()).as("%s", inherited.body()).isEqualTo(200);
		assertThat(inherited.body().path("retention").path("days").isNull()).isTrue();
		assertThat(lastUpdateChanges(created.id())).contains("\"field\":\"retention.days\"")
			.doesNotContain("retention.maxCount");

		for (Map<String, Object> bad : List.of(Map.<String, Object>of("days", 0), Map.<String, Object>of("days", 3651),
				Map.<String, Object>of("maxCount", -1), Map.<String, Object>of("maxCount", 1_000_001))) {
			ApiClient.Response refused = this.api.post("/api/v1/jobs",
					Jobs.with(Jobs.http("refused"), "retention", bad));
			assertThat(refused.status()).as("%s", bad).isEqualTo(400);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.errorFields()).containsExactly("retention." + bad.keySet().iterator().next());
		}
		ApiClient.Response bulk = this.api.post("/api/v1/jobs/bulk", Map.of("jobs",
				List.of(Jobs.http("bulk-ok"), Jobs.with(Jobs.http("bulk-bad"), "retention.maxCount", 0))));
		assertThat(bulk.status()).isEqualTo(400);
		assertThat(bulk.errorFields()).containsExactly("jobs[1].retention.maxCount");
		ApiClient.Response bulkOk = this.api.post("/api/v1/jobs/bulk",
				Map.of("jobs", List.of(Jobs.with(Jobs.http("bulk-ok"), "retention.maxCount", 50))));
		assertThat(bulkOk.status()).as("%s", bulkOk.body()).isIn(200, 201);
		assertThat(
				this.jdbc.queryForObject("SELECT retention_max_count FROM job WHERE name = 'bulk-ok'", Integer.class))
			.isEqualTo(50);
	}

	/**
	 * Days split ahead and dropped whole once past every retention. The clock is moved
	 * forward instead of back: V31 put every row up to its day in p_history, so days of
	 * their own exist from tomorrow on.
	 */
	@Test
	void dropsWholeDaysPastEveryRetentionWithTheirChildrenAndNothingNewer(@Autowired ExecutionPartitions partitions) {
		LocalDate today = LocalDate.ofInstant(this.now, ZoneOffset.UTC);
		partitions.addDaysAhead(this.now);
		List<String> ahead = partitionNames();
		assertThat(ahead).contains(day(today.plusDays(ExecutionPartitions.DAYS_AHEAD))).endsWith("pmax");
		// twice: nothing more
		assertThat(partitions.addDaysAhead(this.now)).isEmpty();
		assertThat(partitionNames()).isEqualTo(ahead);
		// after a gap of 20 days: the days missed too, one each, in order
		assertThat(partitions.addDaysAhead(this.now.plus(20, ChronoUnit.DAYS))).hasSize(20);
		List<ExecutionPartitions.Partition> days = partitions.list();
		for (int i = 1; i < days.size() - 1; i++) {
			assertThat(days.get(i).from()).isEqualTo(days.get(i - 1).until());
			assertThat(days.get(i).until()).isEqualTo(days.get(i).from().plus(1, ChronoUnit.DAYS));
		}
		assertThat(days.get(days.size() - 2).name())
			.isEqualTo(day(today.plusDays(20 + ExecutionPartitions.DAYS_AHEAD)));

		long fires = job("fires", null);
		long stopped = job("stopped", null);
		long keptLong = job("kept-long", Map.of("days", 60));
		Instant old = at(today.plusDays(2));
		long oldRun = row(fires, "CRON", "SUCCEEDED", old);
		row(fires, "MANUAL", "FAILED", old.plus(1, ChronoUnit.HOURS));
		children(oldRun);
		long stuck = row(fires, "CRON", "RUNNING", at(today.plusDays(3)));
		long waiting = row(fires, "CRON", "WAITING", at(today.plusDays(5)));
		long lastOfStopped = row(stopped, "CRON", "SUCCEEDED", at(today.plusDays(4)));
		long newer = row(fires, "CRON", "SUCCEEDED", at(today.plusDays(15)));
		children(newer);
		long latest = row(fires, "CRON", "SUCCEEDED", at(today.plusDays(16)));
		Instant later = this.now.plus(40, ChronoUnit.DAYS);

		// one job keeps 60 days: no day is past every retention
		assertThat(partitions.dropExpired(later, () -> true).dropped()).isEmpty();
		assertThat(ids()).contains(oldRun);

		this.jdbc.update("UPDATE job SET retention_days = NULL WHERE id = ?", keptLong);
		ExecutionPartitions.Drops drops = partitions.dropExpired(later, () -> true);

		// 40 - 30 days: p_history and the days up to today + 9, but those holding a
		// RUNNING or WAITING row; a job's latest fire does not keep its day (before, the
		// day of today + 4 stayed for it): it is kept as the job's mark, which is what an
		// agent taking the job over then reads (FireHistory, ExecutionStoreIT)
		assertThat(drops.dropped())
			.contains("p_history", day(today.plusDays(2)), day(today.plusDays(4)), day(today.plusDays(9)))
			.doesNotContain(day(today.plusDays(3)), day(today.plusDays(5)), day(today.plusDays(10)));
		assertThat(drops.kept()).containsExactly(day(today.plusDays(3)) + ": a PENDING, RUNNING or WAITING row",
				day(today.plusDays(5)) + ": a PENDING, RUNNING or WAITING row");
		assertThat(drops.marked()).containsExactly(stopped);
		assertThat(ids()).containsExactlyInAnyOrder(stuck, waiting, newer, latest).doesNotContain(lastOfStopped);
		assertThat(marks()).containsExactly(
				stopped + " " + today.plusDays(4) + " 06:30:00.000 " + lastOfStopped + " agent-1 SUCCEEDED");
		// the job list still shows that fire as the job's last run (before, the day
		// stayed for its row); a job whose rows are newer shows its newest row
		ApiClient.Response shown = this.api.get("/api/v1/jobs/" + stopped);
		assertThat(shown.body().path("lastExecution").path("id").asLong()).isEqualTo(lastOfStopped);
		assertThat(shown.body().path("lastExecution").path("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(Instant.parse(shown.body().path("lastExecution").path("scheduledAt").asText()))
			.isEqualTo(at(today.plusDays(4)));
		assertThat(this.api.get("/api/v1/jobs/" + fires).body().path("lastExecution").path("id").asLong())
			.isEqualTo(latest);
		assertThat(childrenOf(oldRun)).isZero();
		assertThat(childrenOf(newer)).isEqualTo(3);
		assertThat(partitionNames()).contains(day(today.plusDays(10)), day(today.plusDays(15)), "pmax");
		// twice: nothing more goes
		assertThat(partitions.dropExpired(later, () -> true).dropped()).isEmpty();
		assertThat(ids()).containsExactlyInAnyOrder(stuck, waiting, newer, latest);
		// a day kept back for a run not over, dropped once it is over, may hold an older
		// fire of a job already marked: its mark does not move back
		long olderOfStopped = row(stopped, "CRON", "FAILED", at(today.plusDays(3)).plusSeconds(60));
		this.jdbc.update("UPDATE execution SET status = 'FAILED' WHERE id = ?", stuck);
		ExecutionPartitions.Drops closed = partitions.dropExpired(later, () -> true);
		assertThat(closed.dropped()).containsExactly(day(today.plusDays(3)));
		assertThat(closed.marked()).containsExactly(stopped);
		assertThat(ids()).doesNotContain(olderOfStopped, stuck);
		assertThat(marks()).containsExactly(
				stopped + " " + today.plusDays(4) + " 06:30:00.000 " + lastOfStopped + " agent-1 SUCCEEDED");
		// inserts before the first day left still land (in it)
		row(stopped, "MANUAL", "SUCCEEDED", days(100));
	}

	private static String day(LocalDate day) {
		return "p" + day.toString().replace("-", "");
	}

	private static Instant at(LocalDate day) {
		return day.atTime(6, 30).toInstant(ZoneOffset.UTC);
	}

	private List<String> partitionNames() {
		return this.jdbc.queryForList("SELECT PARTITION_NAME FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA ="
				+ " DATABASE() AND TABLE_NAME = 'execution' ORDER BY PARTITION_ORDINAL_POSITION", String.class);
	}

	/** An attempt, a shard and a clear of the run. */
	private void children(long execution) {
		this.jdbc.update("INSERT INTO execution_attempt (execution_id, attempt, started_at) VALUES (?, 1, ?)",
				execution, SqlTime.of(this.now));
		this.jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, status)"
				+ " VALUES (?, 0, 1, 'SUCCEEDED')", execution);
		this.jdbc.update("INSERT INTO execution_clear (execution_id, run, trigger_type, status, attempt, cleared_at)"
				+ " VALUES (?, 1, 'CRON', 'FAILED', 1, ?)", execution, SqlTime.of(this.now));
	}

	private long childrenOf(long execution) {
		return this.jdbc.queryForObject(
				"SELECT (SELECT COUNT(*) FROM execution_attempt WHERE execution_id = ?)"
						+ " + (SELECT COUNT(*) FROM execution_shard WHERE execution_id = ?)"
						+ " + (SELECT COUNT(*) FROM execution_clear WHERE execution_id = ?)",
				Long.class, execution, execution, execution);
	}

	private long job(String name, Map<String, Object> retention) {
		Map<String, Object> body = (retention != null) ? Jobs.with(Jobs.http(name), "retention", retention)
				: Jobs.http(name);
		ApiClient.Response created = this.api.post("/api/v1/jobs", body);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	/** The audit log's changes of the job's newest JOB_UPDATE row. */
	private String lastUpdateChanges(long jobId) {
		return this.jdbc.queryForObject(
				"SELECT changes FROM audit_log WHERE action = 'JOB_UPDATE' AND object_id = ? ORDER BY id DESC LIMIT 1",
				String.class, String.valueOf(jobId));
	}

	private Instant days(long days) {
		return this.now.minus(days, ChronoUnit.DAYS);
	}

	/** A row as an agent records it (or the web, a manual run). */
	private long row(long jobId, String trigger, String status, Instant scheduledAt) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, attempt, "
						+ "updated_at) VALUES (?, 'job', 'agent-1', ?, ?, ?, 1, ?)",
				jobId, trigger, status, SqlTime.of(scheduledAt), SqlTime.of(scheduledAt));
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?", Long.class,
				jobId, SqlTime.of(scheduledAt));
	}

	/** Each mark: job, instant, run, agent and status. */
	private List<String> marks() {
		return this.jdbc.queryForList("SELECT CONCAT_WS(' ', job_id, scheduled_at, execution_id, agent_id, status)"
				+ " FROM job_last_fire ORDER BY job_id", String.class);
	}

	private List<Long> ids() {
		return this.jdbc.queryForList("SELECT id FROM execution", Long.class);
	}

	private double removedRows(String rule) {
		return this.meters.get("crony.purge.rows").tag("rule", rule).counter().count();
	}

}
