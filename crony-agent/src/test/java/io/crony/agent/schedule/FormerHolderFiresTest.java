package io.crony.agent.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import io.crony.agent.execution.LastFire;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule that keeps a failover from running again what its former holder ran from its
 * spool, with the default lease (TTL 10 s, fencing margin 2 s).
 */
class FormerHolderFiresTest {

	private final FormerHolderFires fires = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10),
			Duration.ofSeconds(2), "alive"::equals);

	private final Instant arrival = Instant.parse("2026-11-29T08:00:40.300Z");

	// an every-second job's instants from 08:00:00 to its arrival
	private final List<Instant> missed = IntStream.rangeClosed(0, 40)
		.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
		.toList();

	@Test
	void aJobTakenFromAnotherAgentLeavesItTheInstantsItMayHaveFiredUpToItsFence() {
		// the former holder fired on spooled claims at most up to its fence, which
		// closed a fencing margin before its lease expired, before this arrival; and
		// its cut began no earlier than three lease TTLs before the arrival
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed,
				this.arrival))
			.first()
			.isEqualTo(Instant.parse("2026-11-29T08:00:11Z"));
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed,
				this.arrival))
			.hasSize(28)
			.last()
			.isEqualTo(Instant.parse("2026-11-29T08:00:38Z"));
	}

	@Test
	void theInstantsAfterTheFormerHoldersFenceAreCaughtUp() {
		List<Instant> late = List.of(Instant.parse("2026-11-29T08:00:39Z"), Instant.parse("2026-11-29T08:00:40Z"));
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T08:00:38Z"), "cut"), late,
				this.arrival))
			.isEmpty();
	}

	@Test
	void aJobWhoseLastRunWasThisAgentsOwnLeavesNothingToAnotherAgent() {
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "survivor"),
				this.missed, this.arrival))
			.isEmpty();
	}

	@Test
	void aJobHandedOverByAnAgentStillRegisteredGoesByItsMisfirePolicy() {
		// a live move or a restart: the former holder has its lease, so it was not cut
		// off from etcd, and nothing of it waits in a spool
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "alive"), this.missed,
				this.arrival))
			.isEmpty();
	}

	@Test
	void aJobThatNeverRanHasNoFormerHolder() {
		assertThat(this.fires.mayHaveRunThere(null, this.missed, this.arrival)).isEmpty();
		assertThat(this.fires.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), null), this.missed,
				this.arrival))
			.isEmpty();
	}

	@Test
	void theWindowFollowsTheLeaseSettings() {
		FormerHolderFires shortLease = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(4),
				Duration.ofSeconds(1), (agent) -> false);
		assertThat(shortLease.mayHaveRunThere(new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), this.missed,
				this.arrival))
			.containsExactlyElementsOf(IntStream.rangeClosed(29, 39)
				.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
				.toList());
	}

}
