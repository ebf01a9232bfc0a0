package io.crony.web.cluster.leader;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class StartGraceTest {

	private final AtomicLong nanos = new AtomicLong(1_000);

	/** The agents' lease TTL as etcd answers it, empty while none can be read. */
	private final AtomicReference<Optional<Duration>> agentLeaseTtl = new AtomicReference<>(
			Optional.of(Duration.ofSeconds(10)));

	private final StartGrace grace = new StartGrace(
			(alive) -> CompletableFuture.completedFuture(this.agentLeaseTtl.get()), this.nanos::get, () -> {
			});

	@Test
	void anAgentNotSeenInTheTermIsAwaitedUntilOneLeaseTtlAfterItsStart() {
		this.grace.seen(List.of("live"));

		assertThat(this.grace.awaits("absent")).isTrue();
		this.nanos.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
		assertThat(this.grace.awaits("absent")).isTrue();
		this.nanos.incrementAndGet();
		assertThat(this.grace.awaits("absent")).isFalse();
	}

	@Test
	void whileNoAgentIsAliveTheGraceHasNotBegun() {
		this.grace.seen(List.of());
		this.nanos.addAndGet(Duration.ofMinutes(1).toNanos());
		assertThat(this.grace.awaits("absent")).isTrue();

		// the first agent back starts the count
		this.grace.seen(List.of("first"));
		this.nanos.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
		assertThat(this.grace.awaits("absent")).isTrue();
		this.nanos.incrementAndGet();
		assertThat(this.grace.awaits("absent")).isFalse();
	}

	@Test
	void anAgentSeenAliveInTheTermIsNeverAwaited() {
		this.grace.seen(List.of("live"));

		// its key went while the term was in office: failed over at once
		assertThat(this.grace.awaits("live")).isFalse();
	}

	@Test
	void anAwaitedAgentThatComesBackIsToldOnceAndNotAwaitedAgainIfItGoes() {
		this.grace.seen(List.of());
		assertThat(this.grace.awaits("back")).isTrue();
		assertThat(this.grace.takeReturned()).isFalse();

		this.grace.seen(List.of("back"));

		assertThat(this.grace.takeReturned()).isTrue();
		assertThat(this.grace.takeReturned()).isFalse();
		this.grace.seen(List.of());
		assertThat(this.grace.awaits("back")).isFalse();
	}

	@Test
	void anAgentThatJoinsWithoutHavingBeenAwaitedIsNoReturn() {
		this.grace.seen(List.of("new"));

		assertThat(this.grace.takeReturned()).isFalse();
	}

	@Test
	void theGraceLastsTheAgentsLeaseTtlReadAsItsCountStarts() {
		this.agentLeaseTtl.set(Optional.of(Duration.ofSeconds(20)));
		this.grace.seen(List.of("live"));
		// read once: what etcd says later does not move the end
		this.agentLeaseTtl.set(Optional.of(Duration.ofSeconds(5)));

		this.nanos.addAndGet(Duration.ofSeconds(20).toNanos() - 1);
		assertThat(this.grace.awaits("absent")).isTrue();
		this.nanos.incrementAndGet();
		assertThat(this.grace.awaits("absent")).isFalse();
	}

	@Test
	void whileNoLiveAgentsLeaseTtlCanBeReadTheGraceHasNotBegun() {
		// the live agents' leases went since the snapshot, or etcd did not answer
		this.agentLeaseTtl.set(Optional.empty());
		this.grace.seen(List.of("live"));
		this.nanos.addAndGet(Duration.ofMinutes(1).toNanos());
		assertThat(this.grace.awaits("absent")).isTrue();

		this.agentLeaseTtl.set(Optional.of(Duration.ofSeconds(10)));
		this.grace.seen(List.of("live"));
		this.nanos.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
		assertThat(this.grace.awaits("absent")).isTrue();
		this.nanos.incrementAndGet();
		assertThat(this.grace.awaits("absent")).isFalse();
	}

	@Test
	void theDecisionThreadGoesOnWhileTheLeaseTtlReadIsHeldBackAndTheCountStartsWithTheAnswer() throws Exception {
		CompletableFuture<Optional<Duration>> heldBack = new CompletableFuture<>();
		AtomicInteger woken = new AtomicInteger();
		StartGrace grace = new StartGrace((alive) -> heldBack, this.nanos::get, woken::incrementAndGet);
		ExecutorService decisionThread = Executors.newSingleThreadExecutor();
		try {
			// the term's first snapshot starts the read; the next one has lost "lost"
			Future<List<Boolean>> decided = decisionThread.submit(() -> {
				grace.seen(List.of("live", "lost"));
				grace.seen(List.of("live"));
				return List.of(grace.awaits("lost"), grace.awaits("gone"));
			});

			// etcd has not answered, and the decisions were taken all the same: the agent
			// lost in the term is failed over, the one gone at its start waits
			await().atMost(Duration.ofSeconds(30)).until(decided::isDone);
			assertThat(heldBack).isNotDone();
			assertThat(decided.get()).containsExactly(false, true);
			assertThat(woken).hasValue(0);
		}
		finally {
			decisionThread.shutdownNow();
		}
		// the count has not started: the time the answer takes is not part of it
		this.nanos.addAndGet(Duration.ofMinutes(1).toNanos());
		assertThat(grace.awaits("gone")).isTrue();

		heldBack.complete(Optional.of(Duration.ofSeconds(10)));

		assertThat(woken).hasValue(1);
		this.nanos.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
		assertThat(grace.awaits("gone")).isTrue();
		this.nanos.incrementAndGet();
		assertThat(grace.awaits("gone")).isFalse();
	}

	@Test
	void anEmptyAnswerDoesNotWakeTheDecisionThreadAndTheNextSnapshotReadsAgain() {
		AtomicInteger reads = new AtomicInteger();
		AtomicInteger woken = new AtomicInteger();
		StartGrace grace = new StartGrace((alive) -> {
			reads.incrementAndGet();
			return CompletableFuture.completedFuture(this.agentLeaseTtl.get());
		}, this.nanos::get, woken::incrementAndGet);
		this.agentLeaseTtl.set(Optional.empty());

		grace.seen(List.of("live"));
		grace.seen(List.of("live"));

		assertThat(reads).hasValue(2);
		assertThat(woken).hasValue(0);
	}

}
