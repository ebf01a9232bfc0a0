package io.crony.web.cluster.leader;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KnownAgentLeaseTtlTest {

	private final List<CompletableFuture<Optional<Duration>>> reads = new ArrayList<>();

	private final AtomicLong nanos = new AtomicLong();

	private Collection<String> alive = Set.of("a1");

	private final KnownAgentLeaseTtl known = new KnownAgentLeaseTtl((agents) -> {
		CompletableFuture<Optional<Duration>> read = new CompletableFuture<>();
		this.reads.add(read);
		return read;
	}, () -> this.alive, this.nanos::get);

	@Test
	void answersAtOnceWhatIsKnownAndReadsOneAtATimeWhileNothingIs() {
		assertThat(this.known.get()).isEmpty();
		assertThat(this.known.get()).isEmpty();
		assertThat(this.reads).hasSize(1);

		this.reads.get(0).complete(Optional.of(Duration.ofSeconds(10)));

		assertThat(this.known.get()).contains(Duration.ofSeconds(10));
		assertThat(this.reads).hasSize(1);
	}

	@Test
	void readsAgainAfterAMinuteKeepingWhatWasKnownWhenTheReadTellsNothing() {
		this.known.get();
		this.reads.get(0).complete(Optional.of(Duration.ofSeconds(10)));
		this.nanos.addAndGet(Duration.ofSeconds(61).toNanos());

		assertThat(this.known.get()).contains(Duration.ofSeconds(10));
		assertThat(this.reads).hasSize(2);
		this.reads.get(1).complete(Optional.empty());
		assertThat(this.known.get()).contains(Duration.ofSeconds(10));
		this.reads.get(2).complete(Optional.of(Duration.ofSeconds(20)));
		assertThat(this.known.get()).contains(Duration.ofSeconds(20));
	}

	@Test
	void asksNothingWhileNoAgentIsAlive() {
		this.alive = Set.of();
		assertThat(this.known.get()).isEmpty();
		assertThat(this.reads).isEmpty();
	}

}
