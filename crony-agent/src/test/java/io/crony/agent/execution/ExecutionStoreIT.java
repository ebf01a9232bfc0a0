package io.crony.agent.execution;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.agent.AgentDatabase;
import io.crony.common.execution.ExecutionIds;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Record batches against real MariaDB, on one connection so the session's statement
 * counters tell how many UPDATEs a batch took.
 */
class ExecutionStoreIT {

	private static final Instant AT = Instant.parse("2026-11-22T10:00:01Z");

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private SingleConnectionDataSource dataSource;

	private JdbcTemplate jdbc;

	private ExecutionStore store;

	private ExecutionIds ids;

	@BeforeEach
	void connect() throws SQLException {
		AgentDatabase.migrate(services);
		this.dataSource = AgentDatabase.connection(services);
		this.jdbc = new JdbcTemplate(this.dataSource);
		// a block of ids taken before the test, and used up by none: its UPDATE is one
		// per 1,000 claims, not a batch's
		this.ids = new ExecutionIds(this.dataSource, ExecutionIds.BLOCK, Duration.ofHours(1), System::nanoTime);
		this.ids.next();
		this.store = new ExecutionStore(this.jdbc, this.ids, null);
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
	}

	@AfterEach
	void close() {
		this.dataSource.destroy();
	}

	@Test
	void runStartedAndFinishedInOneBatchTakesOneUpdate() {
		long before = updates();
		this.store.write(List.of(claimed(1), started(1, 1, 3), started(1, 2, 40), finished(1, 2, 90)));

		assertThat(updates() - before).isEqualTo(1);
		Map<String, Object> row = row(1);
		assertThat(row.get("status")).isEqualTo("SUCCEEDED");
		assertThat(row.get("attempt")).isEqualTo(2);
		assertThat(row.get("started")).isEqualTo("2026-11-22 10:00:01.003000");
		assertThat(row.get("finished")).isEqualTo("2026-11-22 10:00:01.090000");
	}

	@Test
	void finishInALaterBatchKeepsTheStartedTime() {
		this.store.write(List.of(claimed(2), started(2, 1, 7)));
		assertThat(row(2).get("status")).isEqualTo("RUNNING");

		this.store.write(List.of(finished(2, 1, 500)));

		Map<String, Object> row = row(2);
		assertThat(row.get("status")).isEqualTo("SUCCEEDED");
		assertThat(row.get("started")).isEqualTo("2026-11-22 10:00:01.007000");
		assertThat(row.get("finished")).isEqualTo("2026-11-22 10:00:01.500000");
	}

	@Test
	void largeBatchIsWrittenWhole() {
		List<ExecutionRecord> records = new ArrayList<>();
		for (long job = 100; job < 400; job++) {
			records.add(claimed(job));
		}
		this.store.write(records);
		records.clear();
		for (long job = 100; job < 400; job++) {
			records.add(started(job, 1, 1));
		}
		for (long job = 100; job < 400; job++) {
			records.add(finished(job, 1, 2));
		}

		this.store.write(records);

		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution WHERE status = 'SUCCEEDED' "
				+ "AND started_at IS NOT NULL AND finished_at IS NOT NULL", Long.class))
			.isEqualTo(300);
	}

	@Test
	void manyFinishesAreOneStatementPerChunk() {
		List<ExecutionRecord> records = new ArrayList<>();
		for (long job = 500; job < 628; job++) {
			records.add(claimed(job));
		}
		this.store.write(records);
		records.clear();
		for (long job = 500; job < 628; job++) {
			records.add(finished(job, 1, 5));
		}
		long before = updates();

		this.store.write(records);

		assertThat(updates() - before).isEqualTo(1);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution WHERE status = 'SUCCEEDED'", Long.class))
			.isEqualTo(128);
	}

	// a writer behind its runs gets the starts of new runs between the finishes of
	// earlier ones: grouped by type they are one statement each, not one per record
	@Test
	void interleavedStartsAndFinishesOfDifferentFiresAreOneStatementPerType() {
		List<ExecutionRecord> records = new ArrayList<>();
		for (long job = 700; job < 764; job++) {
			records.add(claimed(job));
			records.add(claimed(job + 100));
			records.add(started(job, 1, 1));
		}
		this.store.write(records);
		records.clear();
		for (long job = 700; job < 764; job++) {
			records.add(finished(job, 1, 5));
			records.add(started(job + 100, 1, 5));
		}
		long before = updates();

		this.store.write(records);

		assertThat(updates() - before).isEqualTo(2);
		assertThat(this.jdbc.queryForList(
				"SELECT DISTINCT status FROM execution WHERE job_id BETWEEN 700 AND 763 AND finished_at IS NOT NULL",
				String.class))
			.containsExactly("SUCCEEDED");
		assertThat(this.jdbc.queryForList("SELECT DISTINCT status FROM execution WHERE job_id BETWEEN 800 AND 863",
				String.class))
			.containsExactly("RUNNING");
	}

	// MySQL updates a row matched twice in a joined update once, by either value: a
	// fire's second record goes in the next statement, where the state machine refuses
	// it (a closed run is never reopened)
	@Test
	void secondFinishOfTheSameFireInOneBatchGoesInTheNextStatementAndChangesNothing() {
		this.store.write(List.of(claimed(3), claimed(7), claimed(8), claimed(9)));
		long before = updates();

		this.store.write(List.of(finished(7, 1, 1), finished(3, 1, 5), cancelled(3, 1, 9), finished(8, 1, 1),
				finished(9, 1, 1)));

		assertThat(updates() - before).isEqualTo(2);
		assertThat(List.of(row(7).get("status"), row(8).get("status"), row(9).get("status"))).containsOnly("SUCCEEDED");
		Map<String, Object> row = row(3);
		assertThat(row.get("status")).isEqualTo("SUCCEEDED");
		assertThat(row.get("finished")).isEqualTo("2026-11-22 10:00:01.005000");
	}

	// a run the web cancelled while PENDING, or a report ended, keeps that outcome; a
	// MISSED the reconciler wrote is corrected by the run's real outcome replayed late
	@Test
	void finishRecordNeverReopensAClosedRunButCorrectsAMissedOne() {
		this.store.write(List.of(claimed(10), claimed(11), claimed(12)));
		this.jdbc.update("UPDATE execution SET status = 'CANCELLED' WHERE job_id = 10");
		this.jdbc.update("UPDATE execution SET status = 'MISSED' WHERE job_id = 11");
		this.jdbc.update("UPDATE execution SET status = 'SKIPPED' WHERE job_id = 12");

		this.store.write(List.of(started(10, 1, 1), started(11, 1, 1), started(12, 1, 1)));
		this.store.write(List.of(finished(10, 1, 2), finished(11, 1, 2), finished(12, 1, 2)));

		assertThat(List.of(row(10).get("status"), row(11).get("status"), row(12).get("status")))
			.containsExactly("CANCELLED", "SUCCEEDED", "SKIPPED");
	}

	@Test
	void aRecordWrittenOnceIsOneInsertOfItsClosedRowsAndItsReplayChangesNothing() {
		// the ids before the counters: a block taken (one per 10 s) is an UPDATE
		long id = this.ids.next();
		long other = this.ids.next();
		long before = insertSelects();
		long updatesBefore = updates();

		this.store.write(List.of(closed(20, id, ExecutionStatus.SUCCEEDED), closed(21, other, ExecutionStatus.FAILED)));

		assertThat(insertSelects() - before).isEqualTo(1);
		assertThat(updates() - updatesBefore).isZero();
		Map<String, Object> row = row(20);
		assertThat(row.get("status")).isEqualTo("SUCCEEDED");
		assertThat(row.get("started")).isEqualTo("2026-11-22 10:00:01.003000");
		assertThat(row.get("finished")).isEqualTo("2026-11-22 10:00:01.090000");
		assertThat(this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = 20", Long.class)).isEqualTo(id);
		assertThat(row(21).get("status")).isEqualTo("FAILED");

		// replayed from the spool, or sent twice: the closed row stays as it was
		this.store.write(List.of(closed(20, id, ExecutionStatus.FAILED)));
		assertThat(row(20).get("status")).isEqualTo("SUCCEEDED");
	}

	@Test
	void aRecordWrittenOnceWhoseKeyHasARowGoesThroughTheGuardOfAFinish() {
		// an older agent's claim, a MISSED the former holder's look-back wrote, a run a
		// user cancelled, and another agent's claim
		this.store.write(List.of(claimed(22), claimed(23), claimed(24), claimed(25)));
		long claimId = this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = 22", Long.class);
		this.jdbc.update("UPDATE execution SET status = 'MISSED' WHERE job_id = 23");
		this.jdbc.update("UPDATE execution SET status = 'CANCELLED' WHERE job_id = 24");
		this.jdbc.update("UPDATE execution SET agent_id = 'other' WHERE job_id = 25");

		this.store.write(List.of(closed(22, this.ids.next(), ExecutionStatus.SUCCEEDED),
				closed(23, this.ids.next(), ExecutionStatus.SUCCEEDED),
				closed(24, this.ids.next(), ExecutionStatus.SUCCEEDED),
				closed(25, this.ids.next(), ExecutionStatus.SUCCEEDED),
				closed(26, this.ids.next(), ExecutionStatus.SUCCEEDED)));

		assertThat(List.of(row(22).get("status"), row(23).get("status"), row(24).get("status"), row(25).get("status"),
				row(26).get("status")))
			.containsExactly("SUCCEEDED", "SUCCEEDED", "CANCELLED", "PENDING", "SUCCEEDED");
		assertThat(row(22).get("started")).isEqualTo("2026-11-22 10:00:01.003000");
		// the row there keeps its id
		assertThat(this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = 22", Long.class))
			.isEqualTo(claimId);
	}

	@Test
	void aRunOutlivingTheStartHoldIsInsertedRunningAndClosedByItsRecordWrittenOnce() {
		long id = this.ids.next();
		long present = this.ids.next();
		// job 28's key has an older agent's claim: the start goes through START's guard
		this.store.write(List.of(claimed(28)));
		long before = insertSelects();

		this.store.write(List.of(opened(27, id), opened(28, present)));

		assertThat(insertSelects() - before).isEqualTo(1);
		assertThat(row(27).get("status")).isEqualTo("RUNNING");
		assertThat(row(27).get("started")).isEqualTo("2026-11-22 10:00:01.003000");
		assertThat(this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = 27", Long.class)).isEqualTo(id);
		assertThat(row(28).get("status")).isEqualTo("RUNNING");
		// replayed: the running row stays as it was
		this.store.write(List.of(opened(27, id)));
		assertThat(row(27).get("status")).isEqualTo("RUNNING");

		this.store.write(List.of(closed(27, id, ExecutionStatus.SUCCEEDED)));
		assertThat(row(27).get("status")).isEqualTo("SUCCEEDED");
		assertThat(row(27).get("finished")).isEqualTo("2026-11-22 10:00:01.090000");
		// a late replay of its start never reopens it
		this.store.write(List.of(opened(27, id)));
		assertThat(row(27).get("status")).isEqualTo("SUCCEEDED");
	}

	@Test
	void aRecordedClaimOfAnInstantInsideAnotherAgentsWindowMakesNoRowAndThatAgentsRecordGoesIn() {
		// the jobs moved to "new", whose windows cover AT; an agent cut off from the
		// database replays what it spooled meanwhile: a fire it gave up once fenced,
		// recorded MISSED. Made first, its row kept out the record "new" writes once at
		// its run's end
		for (long job = 40; job <= 42; job++) {
			job(job, true, (job == 41) ? "agent" : "new");
			this.jdbc.update("INSERT INTO job_window (job_id, agent_id, from_at, until_at) VALUES (?, ?, ?, ?)", job,
					(job == 41) ? "agent" : "new", "2026-11-22 10:00:00.500", "2026-11-22 10:00:11.500");
		}
		ExecutionRecord.Claimed manual = new ExecutionRecord.Claimed(42, "job-42", AT, "agent", TriggerType.MANUAL,
				null, AT);
		this.store.write(List.of(claimed(40), claimed(41), manual, new ExecutionRecord.Finished(40, AT, "agent",
				ExecutionStatus.MISSED, 1, null, "fenced", AT.plusMillis(5))));

		// none inside the other agent's window; one inside its own; a run by hand is no
		// window's instant
		assertThat(this.jdbc.queryForList("SELECT job_id FROM execution ORDER BY job_id", Long.class))
			.containsExactly(41L, 42L);
		this.store
			.write(List.of(new ExecutionRecord.Closed(this.ids.next(), 40, "job-40", AT, "new", TriggerType.CRON, null,
					ExecutionStatus.SUCCEEDED, 1, "ok", null, AT.plusMillis(3), AT.plusMillis(90), null, null, null)));
		assertThat(row(40).get("status")).isEqualTo("SUCCEEDED");
	}

	@Test
	void rowOfAnotherAgentIsLeftAlone() {
		this.store.write(List.of(claimed(4), claimed(5), claimed(6)));
		this.jdbc.update("UPDATE execution SET agent_id = 'other' WHERE job_id = 5");
		this.jdbc.update("UPDATE execution SET agent_id = NULL WHERE job_id = 6");

		this.store.write(List.of(started(4, 1, 1), started(5, 1, 1), started(6, 1, 1)));
		assertThat(List.of(row(4).get("status"), row(5).get("status"), row(6).get("status"))).containsExactly("RUNNING",
				"PENDING", "RUNNING");
		this.store.write(List.of(finished(4, 1, 2), finished(5, 1, 2), finished(6, 1, 2)));

		assertThat(List.of(row(4).get("status"), row(5).get("status"), row(6).get("status")))
			.containsExactly("SUCCEEDED", "PENDING", "SUCCEEDED");
		assertThat(this.jdbc.queryForList("SELECT agent_id FROM execution ORDER BY job_id", String.class))
			.containsExactly("agent", "other", "agent");
	}

	@Test
	void eachArrivingJobsLastFireIsReadUpToItsOwnArrivalNotTheBatchsLatest() {
		// job 7 arrived at 10:00:10 and this agent at once claimed its regular fire of
		// 10:00:11 ahead; job 8 arrived in the same batch at 10:00:12. Job 7's last fire
		// is
		// still the former holder's 10:00:05: the instants after it up to 10:00:10 were
		// missed, which the 10:00:11 claim must not hide
		fire(7, "2026-11-22 10:00:05", "SUCCEEDED", "gone");
		fire(7, "2026-11-22 10:00:11", "PENDING", "agent");
		fire(8, "2026-11-22 10:00:09", "SUCCEEDED", "gone");
		// another agent's claim is no fire that ran; this agent's own claim is
		fire(9, "2026-11-22 10:00:03", "SUCCEEDED", "gone");
		fire(9, "2026-11-22 10:00:04", "PENDING", "other");
		fire(10, "2026-11-22 10:00:04", "PENDING", "agent");

		Map<Long, LastFire> last = this.store.lastFires(Map.of(7L, Instant.parse("2026-11-22T10:00:10Z"), 8L,
				Instant.parse("2026-11-22T10:00:12Z"), 9L, Instant.parse("2026-11-22T10:00:12Z"), 10L,
				Instant.parse("2026-11-22T10:00:12Z"), 11L, Instant.parse("2026-11-22T10:00:12Z")), "agent");

		// each with the agent of its row: the former holder, or this agent itself
		assertThat(last).containsOnly(Map.entry(7L, new LastFire(Instant.parse("2026-11-22T10:00:05Z"), "gone")),
				Map.entry(8L, new LastFire(Instant.parse("2026-11-22T10:00:09Z"), "gone")),
				Map.entry(9L, new LastFire(Instant.parse("2026-11-22T10:00:03Z"), "gone")),
				Map.entry(10L, new LastFire(Instant.parse("2026-11-22T10:00:04Z"), "agent")));
	}

	@Test
	void aScheduledFireItsUpstreamsReleasedIsTheJobsLastFireButARunOfAWorkflowRunByHandIsNot() {
		// job 12 has upstreams: its fire of 09:00 was stopped (SKIPPED, still CRON) on
		// "old", its fires of 10:00:03 and 10:00:05 released (DEPENDENCY) and run on
		// "holder"; 10:00:07 is its run in a workflow run by hand, no fire of its
		// schedule
		this.jdbc.update("DELETE FROM workflow_run");
		fire(12, "2026-11-22 09:00:00", "SKIPPED", "old");
		fire(12, "2026-11-22 10:00:03", "SUCCEEDED", "holder", "DEPENDENCY", null);
		fire(12, "2026-11-22 10:00:05", "SUCCEEDED", "holder", "DEPENDENCY", null);
		this.jdbc.update("INSERT INTO workflow_run (department_id, job_id, root_id, status, created_at)"
				+ " VALUES (1, 11, 99, 'RUNNING', NOW(3))");
		fire(12, "2026-11-22 10:00:07", "SUCCEEDED", "holder", "DEPENDENCY", 99L);
		// job 13's every fire was released: before, it had no last fire at all
		fire(13, "2026-11-22 10:00:04", "SUCCEEDED", "holder", "DEPENDENCY", null);

		Map<Long, LastFire> last = this.store.lastFires(
				Map.of(12L, Instant.parse("2026-11-22T10:00:10Z"), 13L, Instant.parse("2026-11-22T10:00:10Z")),
				"agent");

		assertThat(last).containsOnly(Map.entry(12L, new LastFire(Instant.parse("2026-11-22T10:00:05Z"), "holder")),
				Map.entry(13L, new LastFire(Instant.parse("2026-11-22T10:00:04Z"), "holder")));
	}

	@Test
	void theLastFireOfAJobWithALongHistoryIsFoundWithoutReadingThatHistory() {
		// a minute-job's 2,000 runs before its arrival: the newest that ran counts, not
		// another agent's PENDING claim after it; job 8 has no row at all
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at,"
				+ " updated_at) SELECT 7, 'job-7', 'gone', 'CRON', 'SUCCEEDED',"
				+ " TIMESTAMP('2026-11-20 00:00:00') + INTERVAL seq MINUTE, NOW(3) FROM seq_1_to_2000");
		fire(7, "2026-11-22 10:00:00", "PENDING", "other");
		long reads = rowReads();

		Map<Long, LastFire> last = this.store.lastFires(
				Map.of(7L, Instant.parse("2026-11-22T10:00:30Z"), 8L, Instant.parse("2026-11-22T10:00:30Z")), "agent");

		assertThat(last).containsOnly(Map.entry(7L, new LastFire(Instant.parse("2026-11-21T09:20:00Z"), "gone")));
		// the counter's own reading adds a few; the history is 2,000 rows
		assertThat(rowReads() - reads).isLessThan(50);
	}

	@Test
	void aLastFireWhoseDayRetentionDroppedIsReadFromItsMarkSoTheMisfireDecisionIsUnchanged() {
		// job 14's latest fire, 10:00:05 on "holder", after an older one still kept (its
		// day holds a row that must stay); job 15's mark is older than its newest row;
		// job 16's mark is after its own bound
		job(14, true, "holder");
		job(15, true, "holder");
		job(16, true, "holder");
		fire(14, "2026-11-22 09:00:00", "SUCCEEDED", "old");
		fire(14, "2026-11-22 10:00:05", "SUCCEEDED", "holder");
		Map<Long, Instant> arrivals = Map.of(14L, Instant.parse("2026-11-22T10:00:10Z"), 15L,
				Instant.parse("2026-11-22T10:00:10Z"), 16L, Instant.parse("2026-11-22T10:00:10Z"));
		LastFire before = this.store.lastFires(arrivals, "agent").get(14L);

		// what retention does to drop the day of 10:00:05 whole: the mark first, then
		// the day's rows go
		this.jdbc.update("INSERT INTO job_last_fire (job_id, scheduled_at, execution_id, agent_id, status)"
				+ " SELECT job_id, scheduled_at, id, agent_id, status FROM execution WHERE job_id = 14"
				+ " AND scheduled_at = '2026-11-22 10:00:05'");
		this.jdbc.update("DELETE FROM execution WHERE job_id = 14 AND scheduled_at = '2026-11-22 10:00:05'");
		this.jdbc.update("INSERT INTO job_last_fire (job_id, scheduled_at, execution_id, agent_id, status)"
				+ " VALUES (15, '2026-11-22 09:00:00', 1, 'old', 'SUCCEEDED'),"
				+ " (16, '2026-11-22 10:00:20', 2, 'later', 'SUCCEEDED')");
		fire(15, "2026-11-22 10:00:03", "SUCCEEDED", "holder");
		Map<Long, LastFire> last = this.store.lastFires(arrivals, "agent");

		assertThat(before).isEqualTo(new LastFire(Instant.parse("2026-11-22T10:00:05Z"), "holder"));
		assertThat(last).containsOnly(Map.entry(14L, before),
				Map.entry(15L, new LastFire(Instant.parse("2026-11-22T10:00:03Z"), "holder")));
	}

	@Test
	void aClaimOnMariaDbReturnsTheRowsItMadeInTheInsertItselfAndNotTheOnesThereAlready() {
		this.store.insertClaims(List.of(claimed(1), claimed(2)), false);
		long selects = selects();

		Map<FireKey, ExecutionStore.Row> made = this.store.insertClaims(List.of(claimed(2), claimed(3), claimed(4)),
				false);

		// the second reading of the counter counts itself: nothing else was read
		assertThat(selects() - selects).isEqualTo(1);
		assertThat(made).containsOnlyKeys(new FireKey(3, AT), new FireKey(4, AT));
		assertThat(made.get(new FireKey(3, AT)))
			.isEqualTo(new ExecutionStore.Row(id(3), "agent", ExecutionStatus.PENDING));
		assertThat(made.get(new FireKey(4, AT)).id()).isEqualTo(id(4));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Integer.class)).isEqualTo(4);
	}

	@Test
	void aFireWrittenOnceInsertedReleasedIsARowOfNobodysThatItsNextHolderTakes() {
		// an undispatched fire below its window's cut (Releases): a claim with no agent
		this.store.insertClaims(
				List.of(new ExecutionRecord.Claimed(1, "job-1", AT, null, TriggerType.CRON, null, Instant.now())),
				false);

		long id = id(1);
		assertThat(this.store.released(List.of(id))).containsExactly(id);
		assertThat(this.store.takeOver(id, null, "next")).isTrue();
		assertThat(this.store.find(List.of(new FireKey(1, AT))).get(new FireKey(1, AT)))
			.isEqualTo(new ExecutionStore.Row(id, "next", ExecutionStatus.PENDING));
	}

	@Test
	void aClaimOnAServerWithoutReturningReturnsNothingAndEveryRowIsReadBack() {
		ExecutionStore withoutReturning = new ExecutionStore(this.jdbc, new ExecutionIds(this.jdbc.getDataSource()),
				false);

		assertThat(withoutReturning.insertClaims(List.of(claimed(1), claimed(2)), false)).isEmpty();
		assertThat(withoutReturning.find(List.of(new FireKey(1, AT), new FireKey(2, AT))))
			.containsOnlyKeys(new FireKey(1, AT), new FireKey(2, AT));
	}

	@Test
	void aHeldOnlyClaimMakesRowsOnlyForEnabledJobsTheJobTablePlacesOnTheClaimingAgent() {
		job(11, true, "agent");
		job(12, false, "agent");
		job(13, true, "other");
		job(14, true, null);
		// job 15 is deleted: no row in job

		Map<FireKey, ExecutionStore.Row> made = this.store
			.insertClaims(List.of(claimed(11), claimed(12), claimed(13), claimed(14), claimed(15)), true);

		assertThat(made).containsOnlyKeys(new FireKey(11, AT));
		assertThat(made.get(new FireKey(11, AT)))
			.isEqualTo(new ExecutionStore.Row(id(11), "agent", ExecutionStatus.PENDING));
		assertThat(this.jdbc.queryForList("SELECT job_id FROM execution", Long.class)).containsExactly(11L);
		Map<String, Object> row = this.jdbc
			.queryForMap("SELECT job_name, trigger_type, status, attempt, params, CAST(scheduled_at AS CHAR) AS at"
					+ " FROM execution WHERE job_id = 11");
		assertThat(row).containsEntry("job_name", "job-11")
			.containsEntry("trigger_type", "CRON")
			.containsEntry("status", "PENDING")
			.containsEntry("attempt", 1)
			.containsEntry("at", "2026-11-22 10:00:01.000");
		assertThat(row.get("params")).isNull();
	}

	@Test
	void aHeldOnlyClaimLeavesARowThereAlreadyAndMakesTheRestInOneStatement() {
		job(21, true, "agent");
		job(22, true, "agent");
		this.store.insertClaims(List.of(claimed(21)), false);
		long inserts = inserts();

		Map<FireKey, ExecutionStore.Row> made = this.store.insertClaims(List.of(claimed(21), claimed(22)), true);

		assertThat(inserts() - inserts).isEqualTo(1);
		assertThat(made).containsOnlyKeys(new FireKey(22, AT));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Integer.class)).isEqualTo(2);
	}

	/**
	 * A manual run's row sits at the request's millisecond (crony-web's RunService), and
	 * the agent finds it through the instant its once request carried through etcd: the
	 * adoption by id and instant, then the start and finish records joined on
	 * {@code (job_id, scheduled_at)}. The scheduled fire of the same second is another
	 * row, left alone. An instant bound as a {@code Timestamp} would be cut to the whole
	 * second by mysql-connector-j against MariaDB 10, and find nothing, or that fire.
	 */
	@Test
	void aManualRunAtAMillisecondIsAdoptedStartedAndFinishedThroughItsRequestsInstant() {
		Instant at = Instant.parse("2026-11-22T10:00:01.357Z");
		this.jdbc.update(
				"INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, updated_at)"
						+ " VALUES (77, 30, 'job-30', 'agent-placed', 'MANUAL', 'PENDING', ?, NOW(3))",
				SqlTime.of(at));
		// the fire of that second, its row inserted after the run's
		this.store.write(List.of(claimed(30)));
		OnceRequest request = CronyJson.fromBytes(
				CronyJson.toBytes(new OnceRequest(77, 30, TriggerType.MANUAL, null, at, "admin")), OnceRequest.class);

		assertThat(this.store.adopt(request.executionId(), request.scheduledAt(), "agent")).isTrue();
		this.store.write(List.of(new ExecutionRecord.Started(30, request.scheduledAt(), "agent", 1, at.plusMillis(5))));
		this.store.write(List.of(new ExecutionRecord.Finished(30, request.scheduledAt(), "agent",
				ExecutionStatus.SUCCEEDED, 1, "ok", null, at.plusMillis(40))));

		assertThat(this.jdbc
			.queryForMap("SELECT status, agent_id, DATE_FORMAT(scheduled_at, '%Y-%m-%d %H:%i:%s.%f') AS at,"
					+ " DATE_FORMAT(started_at, '%H:%i:%s.%f') AS started FROM execution WHERE id = 77"))
			.containsEntry("status", "SUCCEEDED")
			.containsEntry("agent_id", "agent")
			.containsEntry("at", "2026-11-22 10:00:01.357000")
			.containsEntry("started", "10:00:01.362000");
		assertThat(this.jdbc.queryForMap(
				"SELECT status, trigger_type FROM execution WHERE job_id = 30 AND scheduled_at = ?", SqlTime.of(AT)))
			.containsEntry("status", "PENDING")
			.containsEntry("trigger_type", "CRON");
	}

	private void job(long id, boolean enabled, String agent) {
		this.jdbc.update("INSERT INTO job (id, name, schedule, time_zone, target_type, spec, enabled, agent_id,"
				+ " created_at, updated_at) VALUES (?, ?, '* * * * * ?', 'UTC', 'HTTP', '{}', ?, ?, NOW(3), NOW(3))",
				id, "job-" + id, enabled, agent);
	}

	private long inserts() {
		return this.jdbc.queryForObject("SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
				+ "WHERE VARIABLE_NAME = 'COM_INSERT_SELECT'", Long.class);
	}

	private long id(long job) {
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ?", Long.class, job);
	}

	private long selects() {
		return this.jdbc.queryForObject(
				"SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS " + "WHERE VARIABLE_NAME = 'COM_SELECT'",
				Long.class);
	}

	// index entries and rows the session read: lookups, and steps along an index
	private long rowReads() {
		return this.jdbc.queryForObject(
				"SELECT SUM(VARIABLE_VALUE) FROM information_schema.SESSION_STATUS "
						+ "WHERE VARIABLE_NAME IN ('HANDLER_READ_KEY', 'HANDLER_READ_NEXT', 'HANDLER_READ_PREV')",
				Long.class);
	}

	private void fire(long job, String scheduledAt, String status, String agent) {
		fire(job, scheduledAt, status, agent, "CRON", null);
	}

	private void fire(long job, String scheduledAt, String status, String agent, String trigger, Long rootId) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, root_id,"
						+ " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NOW(3))",
				job, "job-" + job, agent, trigger, status, scheduledAt, rootId);
	}

	private long insertSelects() {
		return this.jdbc.queryForObject("SELECT SUM(VARIABLE_VALUE) FROM information_schema.SESSION_STATUS "
				+ "WHERE VARIABLE_NAME = 'COM_INSERT_SELECT'", Long.class);
	}

	// a joined update counts as Com_update_multi, a single-table one as Com_update
	private long updates() {
		return this.jdbc.queryForObject("SELECT SUM(VARIABLE_VALUE) FROM information_schema.SESSION_STATUS "
				+ "WHERE VARIABLE_NAME IN ('COM_UPDATE', 'COM_UPDATE_MULTI')", Long.class);
	}

	private Map<String, Object> row(long job) {
		return this.jdbc
			.queryForMap("SELECT status, attempt, DATE_FORMAT(started_at, '%Y-%m-%d %H:%i:%s.%f') AS started,"
					+ " DATE_FORMAT(finished_at, '%Y-%m-%d %H:%i:%s.%f') AS finished FROM execution WHERE job_id = ?",
					job);
	}

	private static ExecutionRecord.Claimed claimed(long job) {
		return new ExecutionRecord.Claimed(job, "job-" + job, AT, "agent", TriggerType.CRON, null, AT);
	}

	// a run that began 3 ms and ended 90 ms past its instant
	private static ExecutionRecord.Closed closed(long job, long id, ExecutionStatus status) {
		return new ExecutionRecord.Closed(id, job, "job-" + job, AT, "agent", TriggerType.CRON, null, status, 1, "out",
				null, AT.plusMillis(3), AT.plusMillis(90), null, null, null);
	}

	// a run whose first attempt began 3 ms past its instant
	private static ExecutionRecord.Opened opened(long job, long id) {
		return new ExecutionRecord.Opened(id, job, "job-" + job, AT, "agent", TriggerType.CRON, null, 1,
				AT.plusMillis(3), null);
	}

	private static ExecutionRecord.Started started(long job, int attempt, long millis) {
		return new ExecutionRecord.Started(job, AT, "agent", attempt, AT.plusMillis(millis));
	}

	private static ExecutionRecord.Finished cancelled(long job, int attempt, long millis) {
		return new ExecutionRecord.Finished(job, AT, "agent", ExecutionStatus.CANCELLED, attempt, null, "cancelled",
				AT.plusMillis(millis));
	}

	private static ExecutionRecord.Finished finished(long job, int attempt, long millis) {
		return new ExecutionRecord.Finished(job, AT, "agent", ExecutionStatus.SUCCEEDED, attempt, "ok", null,
				AT.plusMillis(millis));
	}

}
