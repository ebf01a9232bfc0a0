package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.LastFire;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.Handover;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule that keeps a failover from running again what its former holder ran from its
 * spool, with the default leases (agent TTL 10 s, fencing margin 2 s, leader TTL 10 s).
 */
class FormerHolderFiresTest {

	private static final long JOB = 1;

	// the move that brought the job here, as its assignment value names it: none unless
	// a test says
	private final Map<Long, Handover> moves = new HashMap<>();

	private final FormerHolderFires fires = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10),
			() -> Optional.of(Duration.ofSeconds(10)), Duration.ofSeconds(2), FormerHolderFiresTest::standing,
			this.moves::get);

	private final Instant arrival = Instant.parse("2026-11-29T08:00:40.300Z");

	// "alive" is registered; "stopped" left its stop mark at 08:00:00.500, "came-back" at
	// 07:59:00; any other agent is gone from etcd without a mark
	private static AgentStanding standing(String agentId) {
		return switch (agentId) {
			case "alive" -> new AgentStanding(true, null);
			case "stopped" -> new AgentStanding(false, Instant.parse("2026-11-29T08:00:00.500Z"));
			case "came-back" -> new AgentStanding(false, Instant.parse("2026-11-29T07:59:00Z"));
			default -> AgentStanding.GONE;
		};
	}

	// an every-second job's instants from 08:00:00 to its arrival
	private final List<Instant> missed = IntStream.rangeClosed(0, 40)
		.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
		.toList();

	@Test
	void aJobTakenFromAnotherAgentLeavesItTheInstantsItMayHaveFiredUpToItsFence() {
		// the former holder fired on spooled claims at most up to its fence, which
		// closed a fencing margin before its lease expired, before this arrival; and
		// its cut began no earlier than the longest failover (three lease TTLs and the
		// leader's) before the arrival
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival)
			.instants()).first().isEqualTo(Instant.parse("2026-11-29T08:00:01Z"));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival)
			.instants()).hasSize(38).last().isEqualTo(Instant.parse("2026-11-29T08:00:38Z"));
	}

	@Test
	void aJobWhoseHolderWasCutOffAsTheLeaderDiedLeavesItEveryInstantUpToItsFence() {
		// the holder's last keepalive confirmed at 08:00:00, cut off right after: it may
		// have run every instant from 08:00:00 to its fence at 08:00:08 from its spool.
		// Its lease expired at 08:00:10, when the leader died before writing the move;
		// that leader's lease held up its successor to 08:00:20, whose start grace kept
		// the job on the holder it never saw alive to 08:00:30; the election, the
		// successor's poll and the move brought the job here at 08:00:31.400
		Instant arrival = Instant.parse("2026-11-29T08:00:31.400Z");
		List<Instant> upToArrival = this.missed.stream().filter((at) -> !at.isAfter(arrival)).toList();
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), upToArrival, arrival)
			.instants())
			.containsAll(IntStream.rangeClosed(0, 8)
				.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
				.toList());
	}

	@Test
	void theInstantsAfterTheFormerHoldersFenceAreCaughtUp() {
		List<Instant> late = List.of(Instant.parse("2026-11-29T08:00:39Z"), Instant.parse("2026-11-29T08:00:40Z"));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T08:00:38Z"), "cut"), late, this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void aJobWhoseLastRunWasThisAgentsOwnLeavesNothingToAnotherAgent() {
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "survivor"), this.missed,
					this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void aJobHandedOverByAnAgentStillRegisteredGoesByItsMisfirePolicy() {
		// a live move or a restart: the former holder has its lease, so it was not cut
		// off from etcd, and nothing of it waits in a spool
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "alive"), this.missed,
					this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void aJobHandedBackByAnAgentThatStoppedGracefullyGoesByItsMisfirePolicy() {
		// a rolling restart: the former holder handed its jobs back, found every record
		// in the database and left its stop mark at 08:00:00.500 before revoking its
		// lease; it ran nothing after, and every instant it ran has its row
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T08:00:00Z"), "stopped"), this.missed,
					this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void aStopMarkOlderThanTheJobsLastFireThereIsNotTaken() {
		// the agent ran the job at 07:59:59, after its mark of 07:59:00: it came back
		// since, so the mark says nothing of what it may have run from its spool later
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "came-back"), this.missed,
					this.arrival)
			.instants()).hasSize(38);
	}

	@Test
	void aJobThatNeverRanHasNoFormerHolder() {
		assertThat(this.fires.mayHaveRunThere(JOB, null, this.missed, this.arrival).instants()).isEmpty();
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), null), this.missed, this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void aJobPassedOnByAnAgentCutOffBeforeItRecordedARunIsJudgedByThatAgentNotByTheOneThatStoppedBefore() {
		// "stopped" ran the job last at 08:00:00, left its mark and the job moved to
		// "cut", which was cut off before it recorded a run: it fired from its spool up
		// to
		// its fence; its lease expired and the leader moved the job here at 08:00:40.200.
		// The mark of "stopped" says nothing of "cut": every instant of the window is
		// left to "cut", none run again here
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:40.200Z")));

		FormerHolderFires.Theirs theirs = this.fires.mayHaveRunThere(JOB,
				new LastFire(Instant.parse("2026-11-29T08:00:00Z"), "stopped"), this.missed, this.arrival);

		assertThat(theirs.formerHolder()).isEqualTo("cut");
		assertThat(theirs.instants()).hasSize(38)
			.startsWith(Instant.parse("2026-11-29T08:00:01Z"))
			.endsWith(Instant.parse("2026-11-29T08:00:38Z"));
	}

	@Test
	void aJobThatCameBackFromAnAgentCutOffBeforeItRecordedARunIsJudgedByThatAgent() {
		// this agent ran it last, the job went to "cut" and back: what this agent missed
		// since may be what "cut" ran from its spool
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:40.200Z")));

		FormerHolderFires.Theirs theirs = this.fires.mayHaveRunThere(JOB,
				new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "survivor"), this.missed, this.arrival);

		assertThat(theirs.formerHolder()).isEqualTo("cut");
		assertThat(theirs.instants()).hasSize(38);
	}

	@Test
	void aJobMovedFromAnAgentThatHandedItOverGoesByItsMisfirePolicy() {
		// a live move or a restart (registered), a rolling upgrade (its mark, after the
		// job's last run): the missed instants are caught up, whoever ran the job last
		this.moves.put(JOB, new Handover("alive", Instant.parse("2026-11-29T08:00:40.200Z")));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T08:00:00Z"), "stopped"), this.missed,
					this.arrival)
			.instants()).isEmpty();
		this.moves.put(JOB, new Handover("stopped", Instant.parse("2026-11-29T08:00:40.200Z")));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "alive"), this.missed,
					this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void whenTheAgentTheJobMovedFromHandedItOverTheLastRunsAgentIsStillJudged() {
		// the stricter outcome wins: "cut" ran the job last and is gone without a mark
		this.moves.put(JOB, new Handover("alive", Instant.parse("2026-11-29T08:00:40.200Z")));

		FormerHolderFires.Theirs theirs = this.fires.mayHaveRunThere(JOB,
				new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival);

		assertThat(theirs.formerHolder()).isEqualTo("cut");
		assertThat(theirs.instants()).hasSize(38);
	}

	@Test
	void theAgentTheJobMovedFromRanNothingAfterTheMove() {
		// the job moved here at 08:00:20 and arrives again at 08:00:40.300 (this agent
		// restarted): the instants after the move are this agent's misses, caught up
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:20Z")));

		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival)
			.instants()).hasSize(20).endsWith(Instant.parse("2026-11-29T08:00:20Z"));
		// long after the move: nothing is left to it, nor to the last run's agent
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T07:50:00Z")));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:49:59Z"), "cut"), this.missed, this.arrival)
			.instants()).isEmpty();
	}

	@Test
	void theWindowFollowsTheLeaseSettings() {
		// agent lease 4 s, margin 1 s, leader lease 6 s: back 18 s, to 08:00:22.300
		FormerHolderFires shortLease = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(4),
				() -> Optional.of(Duration.ofSeconds(6)), Duration.ofSeconds(1), (agent) -> AgentStanding.GONE,
				(jobId) -> null);
		assertThat(shortLease
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival)
			.instants())
			.containsExactlyElementsOf(IntStream.rangeClosed(23, 39)
				.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
				.toList());
	}

	@Test
	void theWindowFollowsTheLeaderLeaseTtlAsLastRead() {
		// crony-web's leader lease TTL read as 25 s: back 3 x 10 s + 25 s = 55 s, to
		// 07:59:45.300, so 07:59:46 on is left to the former holder (40 s would stop at
		// 08:00:01); a later read of 10 s takes the window back to 40 s
		AtomicReference<Optional<Duration>> leaderTtl = new AtomicReference<>(Optional.of(Duration.ofSeconds(25)));
		FormerHolderFires fires = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10), leaderTtl::get,
				Duration.ofSeconds(2), (agent) -> AgentStanding.GONE, (jobId) -> null);
		List<Instant> missed = IntStream.rangeClosed(-20, 40)
			.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
			.toList();
		LastFire last = new LastFire(Instant.parse("2026-11-29T07:59:30Z"), "cut");

		assertThat(fires.mayHaveRunThere(JOB, last, missed, this.arrival).instants()).first()
			.isEqualTo(Instant.parse("2026-11-29T07:59:46Z"));
		leaderTtl.set(Optional.of(Duration.ofSeconds(10)));
		assertThat(fires.mayHaveRunThere(JOB, last, missed, this.arrival).instants()).first()
			.isEqualTo(Instant.parse("2026-11-29T08:00:01Z"));
	}

	@Test
	void withNoLeaderLeaseTtlReadYetEveryMissedInstantUpToTheFenceIsLeftToTheFormerHolder() {
		FormerHolderFires unknown = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10),
				Optional::empty, Duration.ofSeconds(2), (agent) -> AgentStanding.GONE, (jobId) -> null);
		List<Instant> missed = IntStream.rangeClosed(-600, 40)
			.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
			.toList();

		assertThat(unknown
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:49:00Z"), "cut"), missed, this.arrival)
			.instants()).hasSize(601 + 38).first().isEqualTo(Instant.parse("2026-11-29T07:50:00Z"));
	}

	@Test
	void aDeadHoldersWindowIsTakenPastItsFenceSoEachInstantIsLeftToItOrFiredHere() {
		// "cut" extended its window last at its fence, 08:00:38.300, to a lease TTL and a
		// second past it; it ran nothing past its fence, but no other agent fires inside
		// its window: the survivor's catch-up (08:00:39, 08:00:40) and planned fires
		// (08:00:41 to 08:00:49) there were given up, with no row
		ScriptedStore store = new ScriptedStore();
		store.windows.windows.put(JOB, new JobWindow(JOB, "cut", Instant.parse("2026-11-29T08:00:00Z"),
				Instant.parse("2026-11-29T08:00:49.300Z")));
		FormerHolderFires fires = withStore(store);
		Windows survivors = survivors(store);
		JobState job = TestJobs.everySecond();
		List<Fire> after = IntStream.rangeClosed(39, 49)
			.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
			.map((at) -> at.isAfter(this.arrival) ? Fire.scheduled(job, 1, at, 0) : Fire.catchUp(job, 1, at, 0))
			.toList();
		assertThat(survivors.sort(after, false).contested()).hasSize(11);

		FormerHolderFires.Theirs theirs = judgedAndTaken(fires);

		// up to its fence, recorded MISSED under it; past it, each fired here once
		assertThat(theirs.instants()).hasSize(38).endsWith(Instant.parse("2026-11-29T08:00:38Z"));
		assertThat(theirs.take().instants()).containsExactly(Instant.parse("2026-11-29T08:00:39Z"),
				Instant.parse("2026-11-29T08:00:40Z"));
		Windows.Sorted sorted = survivors.sort(after, false);
		assertThat(sorted.owned()).hasSize(11);
		assertThat(sorted.contested()).isEmpty();
		assertThat(store.windows.windows.get(JOB)).isEqualTo(new JobWindow(JOB, "survivor",
				Instant.parse("2026-11-29T08:00:38.301Z"), Instant.parse("2026-11-29T08:00:51.300Z")));
	}

	@Test
	void aWindowThisAgentTookFromTheMovedHoldersEndBeforeTheArrivalWasJudgedReachesBackToItsFence() {
		// the survivor's first planned fire took the window once "cut"'s ended
		// (08:00:49.300), before the arrival's missed instants were judged: 08:00:39 and
		// 08:00:40 lay in neither judged instants nor its window
		ScriptedStore store = new ScriptedStore();
		store.windows.windows.put(JOB, new JobWindow(JOB, "survivor", Instant.parse("2026-11-29T08:00:49.300Z"),
				Instant.parse("2026-11-29T08:01:00.300Z")));
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:39Z")));
		FormerHolderFires fires = withStore(store);

		FormerHolderFires.Theirs theirs = judgedAndTaken(fires);

		assertThat(theirs.instants()).hasSize(38).endsWith(Instant.parse("2026-11-29T08:00:38Z"));
		assertThat(theirs.take().instants()).containsExactly(Instant.parse("2026-11-29T08:00:39Z"),
				Instant.parse("2026-11-29T08:00:40Z"));
		JobState job = TestJobs.everySecond();
		Windows survivors = survivors(store);
		assertThat(survivors.sort(List.of(Fire.catchUp(job, 1, Instant.parse("2026-11-29T08:00:39Z"), 0),
				Fire.catchUp(job, 1, Instant.parse("2026-11-29T08:00:40Z"), 0)), false)
			.owned()).hasSize(2);
	}

	@Test
	void aWindowEndingBeforeTheDeadHoldersFenceIsTakenPastTheFenceSoItsReplayIsNotKeptOut() {
		// "cut" asked for its window last at 08:00:19.300, then was cut off from etcd
		// and the database and fired from its spool up to its fence (08:00:38.300): its
		// window ended at 08:00:30.300, before the fence. Taken from that end, a window
		// of the survivor covered 08:00:31 to 08:00:38, whose records "cut" replays
		// once it reaches the database, and kept them out; taken past the fence, it
		// covers none
		ScriptedStore store = new ScriptedStore();
		store.windows.windows.put(JOB, new JobWindow(JOB, "cut", Instant.parse("2026-11-29T08:00:00Z"),
				Instant.parse("2026-11-29T08:00:30.300Z")));
		FormerHolderFires fires = withStore(store);

		FormerHolderFires.Theirs theirs = judgedAndTaken(fires);

		assertThat(theirs.instants()).hasSize(38).endsWith(Instant.parse("2026-11-29T08:00:38Z"));
		assertThat(theirs.take().instants()).isEmpty();
		Instant pastFence = Instant.parse("2026-11-29T08:00:38.301Z");
		assertThat(store.windows.windows.get(JOB)).isEqualTo(new JobWindow(JOB, "survivor", pastFence, pastFence));
		// the catch-up of 08:00:39 and 08:00:40 and the planned fires are the survivor's
		JobState job = TestJobs.everySecond();
		Windows survivors = survivors(store);
		assertThat(survivors.sort(List.of(Fire.catchUp(job, 1, Instant.parse("2026-11-29T08:00:39Z"), 0),
				Fire.scheduled(job, 1, Instant.parse("2026-11-29T08:00:41Z"), 0)), false)
			.owned()).hasSize(2);
		assertThat(store.windows.windows.get(JOB).from()).isEqualTo(pastFence);

		// the same window taken by the survivor's planned fire before the arrival was
		// judged (the job moved from "cut"): its start moves up to the fence
		store.windows.windows.put(JOB, new JobWindow(JOB, "survivor", Instant.parse("2026-11-29T08:00:30.300Z"),
				Instant.parse("2026-11-29T08:00:51.300Z")));
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:39.800Z")));
		FormerHolderFires.Theirs taken = judgedAndTaken(fires);
		assertThat(store.windows.windows.get(JOB))
			.isEqualTo(new JobWindow(JOB, "survivor", pastFence, Instant.parse("2026-11-29T08:00:51.300Z")));
	}

	@Test
	void aHolderCutOffFromEtcdOnlyKeepsTheInstantsTheDatabaseConfirmedItPastItsFenceAndTheMove() {
		// "cut" lost etcd, not MariaDB: past its fence it asked for its window before
		// each
		// fire, held-only, the last time at 08:00:39.500 for 08:00:41, which it fires on
		// that word alone; the leader moved the job at 08:00:39.800. The take starts at
		// the held mark, not at the fence (38.301): taken from there, 08:00:41 ran twice
		ScriptedStore store = new ScriptedStore();
		store.windows.windows.put(JOB, new JobWindow(JOB, "cut", Instant.parse("2026-11-29T08:00:00Z"),
				Instant.parse("2026-11-29T08:00:49.300Z"), Instant.parse("2026-11-29T08:00:41.001Z")));
		this.moves.put(JOB, new Handover("cut", Instant.parse("2026-11-29T08:00:39.800Z")));
		FormerHolderFires fires = withStore(store);

		FormerHolderFires.Theirs theirs = judgedAndTaken(fires);

		// every missed instant it may have run is left to it, recorded MISSED under it
		// until its own record says what ran
		assertThat(theirs.instants()).endsWith(Instant.parse("2026-11-29T08:00:40Z"));
		assertThat(theirs.take().at()).isEqualTo(Instant.parse("2026-11-29T08:00:41.001Z"));
		assertThat(store.windows.windows.get(JOB).until()).isEqualTo(Instant.parse("2026-11-29T08:00:41.001Z"));
		JobState job = TestJobs.everySecond();
		Windows survivors = survivors(store);
		Windows.Sorted sorted = survivors.sort(List.of(Fire.scheduled(job, 1, Instant.parse("2026-11-29T08:00:41Z"), 0),
				Fire.scheduled(job, 1, Instant.parse("2026-11-29T08:00:42Z"), 0)), false);
		assertThat(sorted.contested()).extracting((fire) -> fire.scheduledAt)
			.containsExactly(Instant.parse("2026-11-29T08:00:41Z"));
		assertThat(sorted.owned()).extracting((fire) -> fire.scheduledAt)
			.containsExactly(Instant.parse("2026-11-29T08:00:42Z"));
	}

	@Test
	void aKilledHoldersFirstMissedInstantsWithinItsUnwrittenSpanAreJudgedWhateverThePolicyRuns() {
		// records written once: "cut" called 08:00:21 and was killed before its record
		// was written (a run's row comes at its end, or after the start hold of 1 s,
		// then a flush of 50 ms); FIRE_NOW runs the latest missed instant only, so judged
		// by the policy's instants alone that call had no record at all
		FormerHolderFires fires = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10),
				() -> Optional.of(Duration.ofSeconds(10)), Duration.ofSeconds(2), FormerHolderFiresTest::standing,
				this.moves::get, Duration.ofMillis(1050));
		JobState job = TestJobs.everySecond();
		LastFire last = new LastFire(Instant.parse("2026-11-29T08:00:20Z"), "cut");
		List<Instant> run = List.of(Instant.parse("2026-11-29T08:00:40Z"));

		List<Instant> judged = fires.toJudge(job, last, run, this.arrival);

		// a call of 08:00:23 would have left 08:00:21 its row, had 08:00:21 been called
		assertThat(judged).containsExactly(Instant.parse("2026-11-29T08:00:21Z"), Instant.parse("2026-11-29T08:00:22Z"),
				Instant.parse("2026-11-29T08:00:40Z"));
		assertThat(fires.mayHaveRunThere(JOB, last, judged, this.arrival).instants())
			.containsExactly(Instant.parse("2026-11-29T08:00:21Z"), Instant.parse("2026-11-29T08:00:22Z"));
		// no span, no more than the policy's
		assertThat(this.fires.toJudge(job, last, run, this.arrival)).isEqualTo(run);
		// nothing missed before the arrival: nothing to add
		assertThat(
				fires.toJudge(job, new LastFire(Instant.parse("2026-11-29T08:00:40Z"), "cut"), List.of(), this.arrival))
			.isEmpty();
	}

	@Test
	void aWindowTakeTheDatabaseDidNotMakeLeavesItsInstantsToTheFormerHolder() {
		ScriptedStore store = new ScriptedStore();
		store.cutsFail = true;
		FormerHolderFires.WindowTake take = new FormerHolderFires.WindowTake(JOB, "cut",
				Instant.parse("2026-11-29T08:00:38.301Z"), List.of(Instant.parse("2026-11-29T08:00:39Z")), "cut");

		assertThat(withStore(store).takeWindows(List.of(take))).containsExactly(take);
	}

	// the arrival of the job whose last run was "cut"'s (07:59:59) judged with the window
	// as read, and the window's take made
	private FormerHolderFires.Theirs judgedAndTaken(FormerHolderFires fires) {
		FormerHolderFires.Theirs theirs = fires.mayHaveRunThere(JOB,
				new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival,
				fires.windows(List.of(JOB)).get(JOB));
		assertThat(fires.takeWindows(List.of(theirs.take()))).isEmpty();
		return theirs;
	}

	// the survivor's windows on its firing path, at the arrival
	private Windows survivors(ScriptedStore store) {
		return new Windows(store, "survivor", Clock.fixed(this.arrival, ZoneOffset.UTC), Duration.ofSeconds(11),
				() -> true);
	}

	private FormerHolderFires withStore(ScriptedStore store) {
		return new FormerHolderFires(store, null, "survivor", Duration.ofSeconds(10),
				() -> Optional.of(Duration.ofSeconds(10)), Duration.ofSeconds(2), FormerHolderFiresTest::standing,
				this.moves::get);
	}

	@Test
	void aWindowNamingAnotherAgentDoesNotReachTheInstantsLeftToTheFormerHolder() {
		// the window taken by another agent since (this one included): the former holder
		// held none of those instants
		JobWindow survivors = new JobWindow(JOB, "survivor", Instant.parse("2026-11-29T08:00:38.300Z"),
				Instant.parse("2026-11-29T08:00:51Z"));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival,
					survivors)
			.instants()).hasSize(38).endsWith(Instant.parse("2026-11-29T08:00:38Z"));
		// nor is that window taken: "cut" is not the move's former holder, another agent
		// may have held the job between
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed, this.arrival,
					survivors)
			.take()).isNull();
		// nor does a handed-over former holder's window make it judged
		JobWindow alives = new JobWindow(JOB, "alive", Instant.parse("2026-11-29T08:00:00Z"),
				Instant.parse("2026-11-29T08:00:40.500Z"));
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "alive"), this.missed,
					this.arrival, alives)
			.instants()).isEmpty();
		assertThat(this.fires
			.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "alive"), this.missed,
					this.arrival, alives)
			.take()).isNull();
	}

	@Test
	void theArrivingJobsWindowsAreReadWhetherRecordsAreWrittenOnceOrNot() {
		// a scheduled fire is claimed inside its window first in both modes: unread, a
		// dead holder's window past its fence would never be taken, and the survivor's
		// fires inside it given up with no row (ChaosIT's killed agent: four instants)
		ScriptedStore store = new ScriptedStore();
		JobWindow cuts = new JobWindow(JOB, "cut", Instant.parse("2026-11-29T08:00:00Z"),
				Instant.parse("2026-11-29T08:00:49.300Z"));
		store.windows.windows.put(JOB, cuts);

		assertThat(withStore(store).windows(List.of(JOB))).containsEntry(JOB, cuts);
	}

}
