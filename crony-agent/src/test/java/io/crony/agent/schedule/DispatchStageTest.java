package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.DelayQueue;

import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.lease.Fence;
import io.crony.agent.metrics.AgentMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The dispatch stage: claimed fires start at their instants, through the gate. */
class DispatchStageTest {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(3));

	private final List<Fire> started = new CopyOnWriteArrayList<>();

	private final JobState job = TestJobs.everySecond();

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private RecordWriter records;

	private DispatchStage dispatch;

	private Thread thread;

	@BeforeEach
	void start() {
		AgentMetrics metrics = new AgentMetrics(this.meters);
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		this.records.start();
		Releases releases = new Releases(this.store, "a",
				new RunRecords(this.records, metrics, "a", Clock.systemUTC(), RunListener.NONE), Runnable::run,
				new Windows(this.store, "a", Clock.systemUTC(), Duration.ofSeconds(11), () -> true), Clock.systemUTC());
		// these tests queue no one-shot request
		this.dispatch = new DispatchStage(new DelayQueue<>(), (fire, held) -> {
			throw new AssertionError("no one-shot request expected");
		}, new FireGate(this.fence, Duration.ofSeconds(5), Clock.systemUTC()), new HeldFires(this.fence, metrics),
				this.started::add, releases, Runnable::run);
		this.thread = new Thread(this.dispatch, "test-dispatch");
		this.thread.start();
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.dispatch.stop();
		this.thread.interrupt();
		this.records.close();
	}

	@Test
	void aClaimedFireStartsAtItsInstantUnderAnOpenFence() {
		this.fence.open(System.nanoTime());
		Fire fire = claimed(Instant.now().plusMillis(200), 7);

		this.dispatch.claimed(List.of(fire));

		await().atMost(WAIT).until(() -> this.started.size() == 1);
		assertThat(this.started.get(0).key()).isEqualTo(fire.key());
		assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(fire.scheduledAt.toEpochMilli());
	}

	@Test
	void aFireWhoseJobWasDroppedWhileItsClaimWasInFlightIsReleasedNotStarted() {
		this.fence.open(System.nanoTime());
		this.job.removed = true;

		this.dispatch.claimed(List.of(claimed(Instant.now(), 7)));

		await().atMost(WAIT).until(() -> this.store.releasedIds.contains(7L));
		assertThat(this.started).isEmpty();
	}

	@Test
	void aFireOfAJobRemovedBeforeItsInstantIsReleasedAtItsInstant() {
		this.fence.open(System.nanoTime());
		this.dispatch.claimed(List.of(claimed(Instant.now().plusMillis(300), 7)));
		this.job.removed = true;

		await().atMost(WAIT).until(() -> this.store.releasedIds.contains(7L));
		assertThat(this.started).isEmpty();
	}

	@Test
	void whenTheLeaseIsGoneClaimedFiresNotYetDueLeaveAndAreReleased() {
		this.fence.open(System.nanoTime());
		this.dispatch.claimed(List.of(claimed(Instant.now().plusSeconds(60), 7)));
		this.fence.close();

		this.dispatch.fenced();

		assertThat(this.store.releasedIds).containsExactly(7L);
		assertThat(this.started).isEmpty();
	}

	@Test
	void aDueFireUnderAFenceNeverOpenedIsGivenUpAndReleased() {
		this.dispatch.claimed(List.of(claimed(Instant.now(), 7)));

		await().atMost(WAIT).until(() -> this.store.releasedIds.contains(7L));
		assertThat(this.started).isEmpty();
	}

	@Test
	void aFireDueWhileTheAssignmentLoadsUnderANewLeaseStartsOnceTheFenceOpens() {
		long grantedAt = System.nanoTime();
		this.fence.granted(grantedAt);

		this.dispatch.claimed(List.of(claimed(Instant.now(), 7)));
		await().during(Duration.ofMillis(300)).atMost(WAIT).until(this.started::isEmpty);
		this.fence.open(grantedAt);

		await().atMost(WAIT).until(() -> this.started.size() == 1);
		assertThat(this.store.releasedIds).isEmpty();
	}

	@Test
	void aFireWaitingForTheFenceToOpenIsGivenUpWhenItsGrantedLeaseExpiresUnopened() {
		// granted almost a TTL ago, and the assignment still loading
		this.fence.granted(System.nanoTime() - Duration.ofMillis(9_800).toNanos());

		this.dispatch.claimed(List.of(claimed(Instant.now(), 7)));

		await().atMost(WAIT).until(() -> this.store.releasedIds.contains(7L));
		assertThat(this.started).isEmpty();
	}

	@Test
	void aFireHeldUnderALostLeaseIsGivenUpNotStartedUnderTheNextOne() {
		// unconfirmed (past ttl - margin), yet within the ttl; and the fire reached past
		// the misfire threshold, so its claim does not stand in for the lease: it waits
		this.fence.open(System.nanoTime() - Duration.ofSeconds(8).toNanos());
		this.dispatch.claimed(List.of(claimed(Instant.now().minusSeconds(10), 7)));
		await().atMost(WAIT).until(() -> fencedFires() == 1);
		this.fence.close();
		long grantedAt = System.nanoTime();
		this.fence.granted(grantedAt);

		await().atMost(WAIT).until(() -> this.store.releasedIds.contains(7L));
		this.fence.open(grantedAt);
		await().during(Duration.ofMillis(300)).atMost(WAIT).until(this.started::isEmpty);
	}

	@Test
	void aFireHeldBackWhileTheLeaseMayLiveStartsOnceAKeepaliveConfirmsIt() {
		// opened long ago: unconfirmed now (past ttl - margin), yet within the ttl
		this.fence.open(System.nanoTime() - Duration.ofSeconds(8).toNanos());
		Fire unclaimed = Fire.scheduled(this.job, this.job.generation, Instant.now(), System.currentTimeMillis());

		this.dispatch.add(unclaimed);
		await().during(Duration.ofMillis(300)).atMost(WAIT).until(this.started::isEmpty);
		this.fence.confirmed(System.nanoTime());

		await().atMost(WAIT).until(() -> this.started.size() == 1);
		assertThat(this.store.releasedIds).isEmpty();
	}

	// due fires the fence held back
	private double fencedFires() {
		return this.meters.get("crony.agent.fenced").counter().count();
	}

	private Fire claimed(Instant at, long id) {
		return Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli() - 1000).claimed(id);
	}

}
