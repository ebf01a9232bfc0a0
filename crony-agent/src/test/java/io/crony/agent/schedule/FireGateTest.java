package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.agent.lease.Fence;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FireGateTest {

	private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

	private static final Duration TTL = Duration.ofSeconds(10);

	private static final Duration THRESHOLD = Duration.ofSeconds(5);

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final Fence fence = new Fence(TTL, Duration.ofSeconds(3), this.nanos::get);

	private final JobState job = TestJobs.everySecond();

	@Test
	void underAConfirmedLeaseEveryFireStarts() {
		this.fence.open(this.nanos.get());
		assertThat(gateAt(T).mayStart(claimed(T))).isTrue();
		assertThat(gateAt(T).mayStart(unclaimed(T))).isTrue();
	}

	@Test
	void whileEtcdIsAwayAClaimedFireReachedOnTimeStartsOnItsClaimAndAnUnclaimedOneWaits() {
		this.fence.open(this.nanos.get());
		passSeconds(60);
		assertThat(gateAt(T).mayStart(claimed(T))).isTrue();
		assertThat(gateAt(T.plus(THRESHOLD)).mayStart(claimed(T))).isTrue();
		assertThat(gateAt(T).mayStart(unclaimed(T))).isFalse();
	}

	@Test
	void aClaimedFireReachedLaterThanTheMisfireThresholdWaitsForTheLease() {
		// the agent was frozen past its lease: it wakes to fires claimed before
		this.fence.open(this.nanos.get());
		passSeconds(15);
		assertThat(gateAt(T.plusSeconds(14)).mayStart(claimed(T))).isFalse();
		assertThat(gateAt(T.plus(THRESHOLD).plusMillis(1)).mayStart(claimed(T))).isFalse();
	}

	@Test
	void aLeaseEtcdSaidIsGoneStopsClaimedFiresToo() {
		this.fence.open(this.nanos.get());
		passSeconds(60);
		this.fence.close();
		assertThat(gateAt(T).mayStart(claimed(T))).isFalse();
	}

	@Test
	void whileEtcdIsAwayAFireClaimedByItsWindowAloneStartsOnlyOnceAHeldOnlyAskConfirmedItsInstant() {
		// records written once: no row, and a next holder judging this agent cut off
		// takes its window from the fence; only a held-only ask marks it held past there
		this.fence.open(this.nanos.get());
		passSeconds(60);
		Fire writtenOnce = unclaimed(T).claimedByWindow(42);
		assertThat(gateAt(T).mayStart(writtenOnce)).isFalse();
		this.job.heldConfirmedUntil(T);
		assertThat(gateAt(T).mayStart(writtenOnce)).isFalse();
		this.job.heldConfirmedUntil(T.plusMillis(1));
		assertThat(gateAt(T).mayStart(writtenOnce)).isTrue();
		// a row claim needs no mark
		assertThat(gateAt(T).mayStart(claimed(T.plusSeconds(1)))).isTrue();
	}

	@Test
	void underAConfirmedLeaseAFireClaimedByItsWindowAloneStartsWithoutAMark() {
		this.fence.open(this.nanos.get());
		assertThat(gateAt(T).mayStart(unclaimed(T).claimedByWindow(42))).isTrue();
	}

	private FireGate gateAt(Instant now) {
		return new FireGate(this.fence, THRESHOLD, Clock.fixed(now, ZoneOffset.UTC));
	}

	private void passSeconds(long seconds) {
		this.nanos.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
	}

	private Fire claimed(Instant at) {
		return unclaimed(at).claimed(42);
	}

	private Fire unclaimed(Instant at) {
		return Fire.scheduled(this.job, 0, at, at.toEpochMilli());
	}

}
