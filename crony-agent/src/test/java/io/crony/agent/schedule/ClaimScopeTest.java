package io.crony.agent.schedule;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.agent.lease.Fence;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimScopeTest {

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(2), this.nanos::get);

	private final ClaimScope scope = new ClaimScope(this.fence);

	@Test
	void aLeaseAboutToOpenTheFenceClaimsInFullOnceTheJobsWereLoadedUnderIt() {
		this.fence.granted(this.nanos.get());
		assertThat(this.scope.inFull()).as("granted, nothing loaded yet").isFalse();

		this.scope.loaded();
		assertThat(this.scope.inFull()).as("loaded under the lease opening").isTrue();

		this.fence.open(this.nanos.get());
		assertThat(this.scope.inFull()).as("open and confirmed").isTrue();
	}

	@Test
	void theJobsOfALostLeaseAreClaimedHeldOnlyUntilTheNextLoad() {
		this.fence.granted(this.nanos.get());
		this.scope.loaded();
		this.fence.open(this.nanos.get());
		this.fence.close();
		this.fence.granted(this.nanos.get());
		assertThat(this.scope.inFull()).as("granted again, the jobs still the lost lease's").isFalse();

		this.scope.loaded();
		assertThat(this.scope.inFull()).isTrue();
	}

	@Test
	void anOpeningNoLongerAliveClaimsHeldOnly() {
		this.fence.granted(this.nanos.get());
		this.scope.loaded();

		this.nanos.addAndGet(Duration.ofSeconds(10).toNanos());
		assertThat(this.scope.inFull()).isFalse();
	}

	@Test
	void anUnconfirmedLeaseClaimsHeldOnly() {
		this.fence.granted(this.nanos.get());
		this.scope.loaded();
		this.fence.open(this.nanos.get());

		this.nanos.addAndGet(Duration.ofSeconds(9).toNanos());
		assertThat(this.scope.inFull()).isFalse();
	}

}
