package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import io.crony.agent.execution.JobWindows;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scheduled fire, and a missed one its misfire policy runs, is claimed through its
 * job's window first (docs/scaling.md, "Plan" 3): only an instant inside this agent's
 * window is claimed; one inside another agent's live window is contested until that agent
 * cuts its window.
 */
class WindowClaimsTest {

	private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private final JobState job = TestJobs.everySecond();

	private final AtomicBoolean confirmed = new AtomicBoolean(true);

	private final AtomicBoolean leaseHeld = new AtomicBoolean(true);

	private RecordWriter records;

	private Claimer claimer;

	// the same, with records written once
	private Claimer writingOnce;

	// the claim's clock, moved by the tests
	private Clock clock = Clock.fixed(T, ZoneOffset.UTC);

	@BeforeEach
	void start() {
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		Clock clock = new Clock() {

			@Override
			public ZoneOffset getZone() {
				return ZoneOffset.UTC;
			}

			@Override
			public Clock withZone(java.time.ZoneId zone) {
				throw new UnsupportedOperationException();
			}

			@Override
			public Instant instant() {
				return WindowClaimsTest.this.clock.instant();
			}

		};
		this.claimer = new Claimer(this.store, this.records, "a", clock, this.confirmed::get,
				new Windows(this.store, "a", clock, Duration.ofSeconds(11), this.leaseHeld::get));
		this.writingOnce = new Claimer(this.store, this.records, "a", clock, this.confirmed::get,
				new Windows(this.store, "a", clock, Duration.ofSeconds(11), this.leaseHeld::get), () -> true);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.records.close();
	}

	@Test
	void anEverySecondJobAsksForItsWindowOnlyWhenAFireLiesPastIt() {
		List<Fire> won = new ArrayList<>();
		for (int second = 1; second <= 11; second++) {
			won.addAll(this.claimer.claim(List.of(fire(second, 100 + second)), new ArrayList<>()));
		}

		assertThat(won).hasSize(11);
		// the first window reaches T + 11 s: seconds 1 to 10 are inside it; extended with
		// nothing dispatched, it keeps its start
		assertThat(this.store.windows.extensions).hasSize(2);
		assertThat(this.store.windows.windows.get(1L))
			.isEqualTo(new JobWindow(1, "a", JobWindows.MADE_FROM, T.plusSeconds(11).plusMillis(1)));
	}

	@Test
	void aFireInsideAnotherAgentsLiveWindowIsContestedUntilThatAgentCutsItsWindow() {
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(3), T.plusSeconds(8)));
		List<Fire> contested = new ArrayList<>();

		List<Fire> won = this.claimer.claim(List.of(fire(1, 0)), contested);

		assertThat(won).isEmpty();
		assertThat(contested).singleElement().satisfies((fire) -> assertThat(fire.executionId).isZero());
		assertThat(this.claimer.retake(contested)).isEmpty();
		assertThat(contested).hasSize(1);

		// b lets the job go before its instant
		this.store.windows.truncate("b", Map.of(1L, T.plusMillis(500)));
		// the row the claim inserts
		fire(1, 101);

		assertThat(this.claimer.retake(contested)).singleElement().satisfies((fire) -> {
			assertThat(fire.executionId).isEqualTo(101);
			assertThat(fire.kind).isEqualTo(FireKind.SCHEDULED);
		});
		assertThat(contested).isEmpty();
		assertThat(this.store.windows.windows.get(1L).agentId()).isEqualTo("a");
	}

	@Test
	void contestedFiresPastTheEndOfAnotherAgentsWindowAreWonThoughAnEarlierOneIsStillInsideIt() {
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(3), T.plusSeconds(8)));
		List<Fire> contested = new ArrayList<>();
		this.claimer.claim(List.of(fire(1, 0)), contested);
		this.claimer.claim(List.of(fire(2, 0)), contested);
		assertThat(contested).hasSize(2);

		// b cuts its window between the two
		this.store.windows.truncate("b", Map.of(1L, T.plusMillis(1500)));
		fire(2, 102);

		assertThat(this.claimer.retake(contested)).singleElement()
			.satisfies((fire) -> assertThat(fire.scheduledAt).isEqualTo(T.plusSeconds(2)));
		assertThat(contested).singleElement()
			.satisfies((fire) -> assertThat(fire.scheduledAt).isEqualTo(T.plusSeconds(1)));
	}

	@Test
	void whileTheLeaseIsUnconfirmedAWindowTheJobTableStillPlacesHereIsExtendedAndItsFiresClaimed() {
		// a clock finer than the stored millisecond, as the system clock is
		this.clock = Clock.fixed(T.plusNanos(123_456), ZoneOffset.UTC);
		this.confirmed.set(false);

		assertThat(this.claimer.claim(List.of(fire(1, 101)), new ArrayList<>())).hasSize(1);
		this.clock = Clock.fixed(T.plusSeconds(1).plusNanos(654_321), ZoneOffset.UTC);
		assertThat(this.claimer.claim(List.of(fire(2, 102)), new ArrayList<>())).hasSize(1);

		assertThat(this.store.windows.extensions).hasSize(2);
		assertThat(this.store.windows.cuts).isEmpty();
	}

	@Test
	void whileTheLeaseIsUnconfirmedAnAskReachesJustPastItsFiresAndMarksThemHeldHereAndInTheWindow() {
		// under the confirmed lease, a window of 11 s and no mark
		this.writingOnce.claim(List.of(fire(1, 0)), new ArrayList<>());
		assertThat(this.store.windows.windows.get(1L).heldUntil()).isNull();
		assertThat(this.job.heldConfirmed(T.plusSeconds(1))).isFalse();
		this.confirmed.set(false);

		this.writingOnce.claim(List.of(fire(3, 0)), new ArrayList<>());

		// the mark ends just past the fire asked for: a next holder judging this agent
		// cut
		// off leaves it what the database confirmed, no more
		assertThat(this.store.windows.extensions.get(1)).singleElement()
			.satisfies((ask) -> assertThat(ask.until()).isEqualTo(T.plusSeconds(3).plusMillis(1)));
		assertThat(this.store.windows.windows.get(1L).heldUntil()).isEqualTo(T.plusSeconds(3).plusMillis(1));
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(11));
		// the instants before the mark may start on the window's word (FireGate)
		assertThat(this.job.heldConfirmed(T.plusSeconds(1))).isTrue();
		assertThat(this.job.heldConfirmed(T.plusSeconds(3))).isTrue();
		assertThat(this.job.heldConfirmed(T.plusSeconds(4))).isFalse();
	}

	@Test
	void whileEtcdSaysTheLeaseIsGoneNoWindowIsAskedForAndFiresOutsideTheKnownOneWait() {
		this.claimer.claim(List.of(fire(1, 101)), new ArrayList<>());
		this.leaseHeld.set(false);
		// the fires given up under the lost lease cut the window
		this.store.windows.truncate("a", Map.of(1L, T.plusSeconds(2)));
		this.job.windowCut();
		List<Fire> contested = new ArrayList<>();

		assertThat(this.claimer.claim(List.of(fire(2, 0)), contested)).isEmpty();
		assertThat(this.claimer.retake(contested)).isEmpty();
		assertThat(this.store.windows.extensions).hasSize(1);
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(2));

		this.leaseHeld.set(true);
		// the row the claim inserts
		fire(2, 102);

		assertThat(this.claimer.retake(contested)).singleElement()
			.satisfies((fire) -> assertThat(fire.executionId).isEqualTo(102));
	}

	@Test
	void aFireInsideAnotherAgentsWindowWhoseRowWasReleasedIsHandedOver() {
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(3), T.plusSeconds(8)));
		this.store.rows.put(new FireKey(1, T.plusSeconds(1)),
				new ExecutionStore.Row(101, null, ExecutionStatus.PENDING));
		this.store.free.add(101L);

		List<Fire> won = this.claimer.claim(List.of(fire(1, 0)), new ArrayList<>());

		assertThat(won).singleElement().satisfies((fire) -> {
			assertThat(fire.executionId).isEqualTo(101);
			assertThat(fire.kind).isEqualTo(FireKind.HANDOVER);
		});
	}

	@Test
	void whileTheLeaseIsUnconfirmedAWindowTheJobTableNoLongerPlacesHereIsCutAtTheFire() {
		this.claimer.claim(List.of(fire(1, 101)), new ArrayList<>());
		this.clock = Clock.fixed(T.plusSeconds(1), ZoneOffset.UTC);
		this.confirmed.set(false);
		this.store.windows.placedElsewhere.add(1L);

		List<Fire> won = this.claimer.claim(List.of(fire(2, 102)), new ArrayList<>());

		assertThat(won).isEmpty();
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(2));
		// every batch asks again while unconfirmed, though the window still reached on
		assertThat(this.store.windows.extensions).hasSize(2);
	}

	/**
	 * A graceful stop hands the job back while the claim thread asks to extend its window
	 * for a later fire: the ask's extension lands after the hand-back's cut, and the
	 * window must end again just past the last instant dispatched here, not at the asking
	 * fire, or the instants claimed before it (never dispatched: the job left) stay
	 * inside this agent's window and the job's next holder never runs them.
	 */
	@Test
	void aJobThatLeftWhileItsWindowWasExtendedIsCutJustPastItsLastDispatchedInstant() {
		for (int second = 1; second <= 10; second++) {
			this.claimer.claim(List.of(fire(second, 100 + second)), new ArrayList<>());
		}
		this.job.lastDispatchedAt = T.plusSeconds(8);
		// the hand-back cut the window first (seconds 9 and 10 claimed, not dispatched)
		this.job.removed = true;
		this.store.windows.truncate("a", Map.of(1L, T.plusSeconds(8).plusMillis(1)));

		List<Fire> won = this.claimer.claim(List.of(fire(11, 111)), new ArrayList<>());

		assertThat(won).isEmpty();
		assertThat(this.store.windows.windows.get(1L).until()).isEqualTo(T.plusSeconds(8).plusMillis(1));
	}

	@Test
	void anInstantClaimedInsideItsWindowStaysInsideItThroughTheExtensionForALaterFireSoTheNextHolderTakesIt() {
		extendForSecondElevenWhileSecondTenIsClaimedNotDispatched();

		// the job leaves at once: its cut, just past that moment, hands second 10 over
		this.store.windows.truncate("a", Map.of(1L, T.plusSeconds(9).plusMillis(501)));
		JobWindowAsk next = new JobWindowAsk(1, T.plusSeconds(10), T.plusSeconds(21));

		assertThat(this.store.windows.extend("b", List.of(next), false).get(1L).owns("b", T.plusSeconds(10))).isTrue();
	}

	@Test
	void anExtendedWindowStartsJustPastItsLastDispatchedInstantSoItCoversNoMoreOfThePastThanItMust() {
		extendForSecondElevenWhileSecondTenIsClaimedNotDispatched();

		// second 10, claimed and not dispatched, stays inside; seconds 1 to 9 are not
		// the window's any more
		assertThat(this.store.windows.windows.get(1L).from()).isEqualTo(T.plusSeconds(9).plusMillis(1));
	}

	// seconds 1 to 10 claimed inside the first window (to T + 11 s) by it alone, second 9
	// the last dispatched; then second 11, past that window, claimed at T + 9.5 s: the
	// window is extended while second 10 is claimed, not dispatched yet
	private void extendForSecondElevenWhileSecondTenIsClaimedNotDispatched() {
		for (int second = 1; second <= 10; second++) {
			assertThat(this.writingOnce.claim(List.of(fire(second, 0)), new ArrayList<>())).hasSize(1);
		}
		this.job.lastDispatchedAt = T.plusSeconds(9);
		this.clock = Clock.fixed(T.plusSeconds(9).plusMillis(500), ZoneOffset.UTC);
		assertThat(this.writingOnce.claim(List.of(fire(11, 0)), new ArrayList<>())).hasSize(1);
	}

	@Test
	void aFireOfAJobWithUpstreamsIsClaimedByItsRowAlone() {
		JobSpec spec = TestJobs.spec(2, "* * * * * ?", MisfirePolicy.FIRE_NOW);
		JobSpec withUpstreams = new JobSpec(spec.id(), spec.name(), null, spec.schedule(), spec.timeZone(),
				spec.target(), 5, spec.retry(), spec.misfirePolicy(), spec.overlapPolicy(), spec.assignment(), true, 1,
				null, null, null, null, null, null, List.of(1L));
		JobState downstream = new JobState(withUpstreams, this.job.fireTimes);
		Instant at = T.plusSeconds(1);
		this.store.rows.put(new FireKey(2, at), new ExecutionStore.Row(201, "a", ExecutionStatus.PENDING));

		List<Fire> won = this.claimer.claim(List.of(Fire.scheduled(downstream, 0, at, at.toEpochMilli())),
				new ArrayList<>());

		assertThat(won).singleElement().satisfies((fire) -> assertThat(fire.executionId).isEqualTo(201));
		assertThat(this.store.windows.extensions).isEmpty();
	}

	@Test
	void aMissedFireIsRunOnlyFromTheEndOfTheFormerHoldersWindowWhicheverFireTookTheWindowFirst() {
		// b held the job until T - 5 s; a run's record is written at its end, so an
		// instant b ran may have no row yet
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(20), T.minusSeconds(5)));
		// the job's first scheduled fire takes the window before its missed fires come
		// (through windows while records are written once)
		assertThat(this.writingOnce.claim(List.of(fire(1, 0)), new ArrayList<>())).hasSize(1);
		List<Fire> contested = new ArrayList<>();

		List<Fire> won = this.writingOnce.claim(List.of(missed(-8, 92), missed(-3, 97)), contested);

		// the window starts where b's ended: T - 3 s was nobody's, T - 8 s was b's
		assertThat(this.store.windows.windows.get(1L))
			.isEqualTo(new JobWindow(1, "a", T.minusSeconds(5), T.plusSeconds(11)));
		assertThat(won).singleElement().satisfies((fire) -> {
			assertThat(fire.scheduledAt).isEqualTo(T.minusSeconds(3));
			assertThat(fire.writtenOnce).isTrue();
		});
		assertThat(contested).singleElement()
			.satisfies((fire) -> assertThat(fire.scheduledAt).isEqualTo(T.minusSeconds(8)));
		assertThat(this.writingOnce.retake(contested)).isEmpty();
	}

	@Test
	void untilRecordsAreWrittenOnceAMissedFireIsClaimedByItsRowWhateverWindowCoversIt() {
		// b, dead, held the job until T + 1 s: the missed instant it never ran is run
		// here
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(20), T.plusSeconds(1)));

		assertThat(this.claimer.claim(List.of(missed(-3, 97)), new ArrayList<>())).singleElement()
			.satisfies((fire) -> assertThat(fire.executionId).isEqualTo(97));
		assertThat(this.store.windows.extensions).isEmpty();
	}

	@Test
	void theMissedFiresOfAJobThatNeverHadAWindowAreThisAgentsWhicheverFireMadeTheWindow() {
		assertThat(this.writingOnce.claim(List.of(fire(1, 0)), new ArrayList<>())).hasSize(1);

		assertThat(this.writingOnce.claim(List.of(missed(-150, 90)), new ArrayList<>())).singleElement()
			.satisfies((fire) -> assertThat(fire.writtenOnce).isTrue());
	}

	// a missed instant T + second its misfire policy runs; no agent wrote its row, so a
	// claim's insert would make it this agent's with the given id
	private Fire missed(int second, long id) {
		Instant at = T.plusSeconds(second);
		this.store.rows.put(new FireKey(1, at), new ExecutionStore.Row(id, "a", ExecutionStatus.PENDING));
		return Fire.catchUp(this.job, this.job.generation, at, at.toEpochMilli());
	}

	// the fire of T + second, whose claim row is this agent's id
	@Test
	void whileRecordsAreWrittenOnceAFireInsideTheWindowIsClaimedWithAnIdTakenAheadAndNoRow() {
		List<Fire> won = this.writingOnce.claim(List.of(fire(1, 0), fire(2, 0)), new ArrayList<>());

		assertThat(won).extracting((fire) -> fire.executionId).containsExactly(5001L, 5002L);
		assertThat(won).allSatisfy((fire) -> {
			assertThat(fire.writtenOnce).isTrue();
			assertThat(fire.kind).isEqualTo(FireKind.SCHEDULED);
		});
		assertThat(this.store.claimInserts).isZero();
		assertThat(this.store.windows.windows.get(1L).agentId()).isEqualTo("a");
	}

	@Test
	void whileRecordsAreWrittenOnceAFireInsideAnotherAgentsWindowIsStillContested() {
		this.store.windows.windows.put(1L, new JobWindow(1, "b", T.minusSeconds(3), T.plusSeconds(8)));
		List<Fire> contested = new ArrayList<>();

		assertThat(this.writingOnce.claim(List.of(fire(1, 0)), contested)).isEmpty();
		assertThat(contested).singleElement().satisfies((fire) -> assertThat(fire.executionId).isZero());

		// b lets the job go: the retake claims it by the window, with no row
		this.store.windows.truncate("b", Map.of(1L, T.plusMillis(500)));
		assertThat(this.writingOnce.retake(contested)).singleElement().satisfies((fire) -> {
			assertThat(fire.writtenOnce).isTrue();
			assertThat(fire.executionId).isEqualTo(5001);
		});
		assertThat(this.store.claimInserts).isZero();
	}

	@Test
	void anAsyncJobsFireKeepsItsRowClaimThoughRecordsAreWrittenOnce() {
		JobSpec sync = this.job.spec;
		TargetSpec target = sync.target();
		JobSpec async = new JobSpec(2, "j2", null, sync.schedule(), "UTC",
				new TargetSpec(target.type(), target.method(), target.url(), Map.of(), null, TargetMode.ASYNC, null,
						List.of()),
				5, sync.retry(), sync.misfirePolicy(), sync.overlapPolicy(), sync.assignment(), true, 1);
		JobState asyncJob = new JobState(async, this.job.fireTimes);
		Instant at = T.plusSeconds(1);
		this.store.rows.put(new FireKey(2, at), new ExecutionStore.Row(201, "a", ExecutionStatus.PENDING));

		List<Fire> won = this.writingOnce
			.claim(List.of(Fire.scheduled(asyncJob, asyncJob.generation, at, at.toEpochMilli())), new ArrayList<>());

		assertThat(won).singleElement().satisfies((fire) -> {
			assertThat(fire.writtenOnce).isFalse();
			assertThat(fire.executionId).isEqualTo(201);
		});
		assertThat(this.store.claimInserts).isOne();
	}

	private Fire fire(int second, long id) {
		Instant at = T.plusSeconds(second);
		if (id != 0) {
			this.store.rows.put(new FireKey(1, at), new ExecutionStore.Row(id, "a", ExecutionStatus.PENDING));
		}
		return Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli());
	}

}
