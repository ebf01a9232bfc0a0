package io.crony.web.cluster.assignment;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job whose key the leader deleted (disabled, or its selector matching no agent) and
 * placed anew soon after names the agent it was deleted from, which may have gone on
 * firing it from its spool while cut off: its new holder judges the missed instants by it
 * as after a move. Default settings: agents' lease TTL 10 s, leader lease TTL 10 s, so a
 * delete is remembered 4 x 10 s + 10 s = 50 s.
 */
class LeftHoldersTest {

	private final AtomicLong nanos = new AtomicLong(1_000);

	private final AtomicReference<Optional<Duration>> agentLeaseTtl = new AtomicReference<>(
			Optional.of(Duration.ofSeconds(10)));

	private final LeftHolders leftHolders = new LeftHolders(this.agentLeaseTtl::get, Duration.ofSeconds(10),
			this.nanos::get);

	@Test
	void aJobPlacedAnewSoonAfterItsKeyWasDeletedNamesTheAgentItWasDeletedFrom() {
		assertThat(this.leftHolders.formerHolder(7, "c")).isNull();
		this.leftHolders.left(7, "b");
		later(Duration.ofSeconds(49));

		assertThat(this.leftHolders.formerHolder(7, "c")).isEqualTo("b");
		// placed back on the same agent: no move, nothing to judge by another agent
		assertThat(this.leftHolders.formerHolder(7, "b")).isNull();
		assertThat(this.leftHolders.formerHolder(8, "c")).isNull();
	}

	@Test
	void aDeleteOlderThanAnyNewHoldersLookBackCouldReachNamesNoAgent() {
		this.leftHolders.left(7, "b");
		later(Duration.ofSeconds(30));
		this.leftHolders.left(8, "b");
		later(Duration.ofSeconds(21));

		assertThat(this.leftHolders.formerHolder(7, "c")).isNull();
		assertThat(this.leftHolders.formerHolder(8, "c")).isEqualTo("b");
	}

	@Test
	void theLatestDeleteOfAJobNamesItsAgentAndCountsFromThen() {
		this.leftHolders.left(7, "b");
		later(Duration.ofSeconds(40));
		this.leftHolders.left(7, "c");
		later(Duration.ofSeconds(40));

		assertThat(this.leftHolders.formerHolder(7, "d")).isEqualTo("c");
	}

	@Test
	void withTheAgentsLeaseTtlNotReadYetADeleteIsKeptWithoutBound() {
		this.agentLeaseTtl.set(Optional.empty());
		this.leftHolders.left(7, "b");
		later(Duration.ofMinutes(10));

		assertThat(this.leftHolders.formerHolder(7, "c")).isEqualTo("b");
		this.agentLeaseTtl.set(Optional.of(Duration.ofSeconds(10)));
		assertThat(this.leftHolders.formerHolder(7, "c")).isNull();
	}

	private void later(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
	}

}
