package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The one rule for claimed fires that will not start here. */
class ReleasesTest {

	private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private final JobState job = TestJobs.everySecond();

	private RecordWriter records;

	private Releases releases;

	@BeforeEach
	void start() {
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		this.records.start();
		RunRecords runRecords = new RunRecords(this.records, new AgentMetrics(new SimpleMeterRegistry()), "a",
				Clock.systemUTC(), RunListener.NONE);
		this.releases = new Releases(this.store, "a", runRecords, Runnable::run,
				new Windows(this.store, "a", Clock.systemUTC(), Duration.ofSeconds(11), () -> true), Clock.systemUTC());
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.records.close();
	}

	@Test
	void aClaimedFireOfARemovedJobIsReleasedForItsNextHolder() {
		Fire claimed = claimed(7);
		this.job.removed = true;

		this.releases.notStarted(List.of(claimed));

		assertThat(this.store.releasedIds).containsExactly(7L);
	}

	@Test
	void aFirePlannedUnderAnEarlierScheduleIsNotReleased() {
		// the new schedule's fire for the same instant holds the same row, maybe started
		Fire stale = claimed(7);
		this.job.generation++;
		this.job.removed = true;

		this.releases.notStarted(List.of(stale));

		assertThat(this.store.releasedIds).isEmpty();
	}

	@Test
	void aClaimedFireOfADisabledJobEndsCancelledInsteadOfReleased() {
		Fire claimed = claimed(7);
		this.job.spec = this.job.spec.withEnabled(false, 2, T);

		this.releases.notStarted(List.of(claimed));

		assertThat(this.store.releasedIds).isEmpty();
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(this.store.finishedStatuses()).containsExactly(ExecutionStatus.CANCELLED));
	}

	@Test
	void aOneShotRequestIsNeverReleased() {
		Fire once = Fire.once(this.job, new OnceRequest(9, 1, TriggerType.MANUAL, null, T, "op"), () -> true,
				T.toEpochMilli());
		this.job.removed = true;

		this.releases.notStarted(List.of(once));
		this.releases.fenced(List.of(once));

		assertThat(this.store.releasedIds).isEmpty();
	}

	@Test
	void aResumedRunIsNeverReleased() {
		// its row was another agent's run, already started: releasing it would let the
		// job's next holder fire the instant a second time
		Fire resumed = Fire.resumed(this.job, 8, T, TriggerType.CRON, null, 2, 0, T.toEpochMilli());
		this.job.removed = true;

		this.releases.notStarted(List.of(resumed));
		this.releases.fenced(List.of(resumed));

		assertThat(this.store.releasedIds).isEmpty();
	}

	@Test
	void fencedClaimsAreReleasedAndFiresClaimedOnlyInTheSpoolAreRecordedMissed() {
		Fire inDatabase = claimed(7);
		Fire inSpool = Fire.scheduled(this.job, 0, T.plusSeconds(1), T.toEpochMilli());

		this.releases.fenced(List.of(inDatabase, inSpool));

		assertThat(this.store.releasedIds).containsExactly(7L);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(this.store.finishedStatuses()).containsExactly(ExecutionStatus.MISSED));
	}

	@Test
	void jobsThatLeftHaveTheirLaterClaimsReleasedAndTheirWindowsCutJustAfterTheirDeparture() {
		JobState other = new JobState(TestJobs.spec(2, "* * * * * ?", MisfirePolicy.FIRE_NOW), this.job.fireTimes);
		this.store.windows.windows.put(1L, new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(6)));
		this.store.windows.windows.put(2L, new JobWindow(2, "b", T.minusSeconds(5), T.plusSeconds(6)));

		this.releases.jobsLeft(List.of(this.job, other), T);

		assertThat(this.store.releasedJobs).containsExactly(1L, 2L);
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusMillis(1));
		assertThat(this.store.windows.windows.get(2L).until()).isEqualTo(T.plusSeconds(6));
	}

	@Test
	void anUndispatchedFireOfAJobThatLeftCutsItsWindowAtItButNeverBelowTheLastInstantDispatched() {
		this.store.windows.windows.put(1L, new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(6)));
		this.job.removed = true;
		this.job.lastDispatchedAt = T.minusSeconds(2);

		this.releases.notStarted(List.of(claimed(7)));

		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T);

		this.job.lastDispatchedAt = T.plusSeconds(1);
		this.store.windows.windows.put(1L, new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(6)));

		this.releases.notStarted(List.of(claimed(7)));

		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(1).plusMillis(1));
	}

	@Test
	void aFireWrittenOnceHasNoRowToReleaseAndIsInsertedReleasedOnlyBelowItsWindowsCut() {
		// a later instant of the job was dispatched: the cut stays above it, so T, held
		// by the window, is handed over by a released row; T + 2 s by the cut
		this.store.windows.windows.put(1L, new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(6)));
		this.job.removed = true;
		this.job.lastDispatchedAt = T.plusSeconds(1);

		this.releases.notStarted(List.of(writtenOnce(T, 5001), writtenOnce(T.plusSeconds(2), 5002)));

		assertThat(this.store.releasedIds).isEmpty();
		assertThat(this.store.claimRows).singleElement().satisfies((row) -> {
			assertThat(row.scheduledAt()).isEqualTo(T);
			assertThat(row.agentId()).isNull();
		});
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(1).plusMillis(1));
	}

	@Test
	void aFencedFireWrittenOnceAboveItsJobsLastDispatchedInstantIsHandedOverByTheCutAlone() {
		this.store.windows.windows.put(1L, new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(6)));
		this.job.lastDispatchedAt = T.minusSeconds(1);

		this.releases.fenced(List.of(writtenOnce(T, 5001)));

		assertThat(this.store.releasedIds).isEmpty();
		assertThat(this.store.claimRows).isEmpty();
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T);
	}

	@Test
	void nothingIsReleasedOnceTheEngineIsClosed() {
		this.releases.close();
		this.job.removed = true;

		this.releases.notStarted(List.of(claimed(7)));

		assertThat(this.store.releasedIds).isEmpty();
	}

	private Fire writtenOnce(Instant at, long id) {
		return Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli()).claimedByWindow(id);
	}

	private Fire claimed(long id) {
		return Fire.scheduled(this.job, this.job.generation, T, T.toEpochMilli()).claimed(id);
	}

}
