package io.crony.agent.lease;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FenceTest {

	private final AtomicLong now = new AtomicLong(1_000_000);

	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(2), this.now::get);

	@Test
	void staysClosedUntilOpened() {
		this.fence.confirmed(this.now.get());
		assertThat(this.fence.mayFire()).isFalse();
	}

	@Test
	void closesWhenTheLeaseWasNotConfirmedWithinTtlMinusMargin() {
		this.fence.open(this.now.get());
		advance(7_999);
		assertThat(this.fence.mayFire()).isTrue();
		advance(1);
		assertThat(this.fence.mayFire()).isFalse();
	}

	@Test
	void countsAConfirmationFromWhenTheKeepaliveWasSent() {
		this.fence.open(this.now.get());
		long sent = this.now.get() + TimeUnit.SECONDS.toNanos(5);
		advance(9_000);
		this.fence.confirmed(sent);
		assertThat(this.fence.mayFire()).isTrue();
		advance(4_000);
		assertThat(this.fence.mayFire()).isFalse();
	}

	@Test
	void ignoresAnOlderConfirmationArrivingLate() {
		this.fence.open(this.now.get());
		long old = this.now.get();
		advance(5_000);
		this.fence.confirmed(this.now.get());
		this.fence.confirmed(old);
		advance(7_000);
		assertThat(this.fence.mayFire()).isTrue();
	}

	@Test
	void closesOnLeaseLossWhateverTheClockSays() {
		this.fence.open(this.now.get());
		this.fence.close();
		assertThat(this.fence.mayFire()).isFalse();
	}

	private void advance(long millis) {
		this.now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
	}

	@Test
	void letsTheLeaseBeAliveUntilItsTtlHasPassedSinceTheLastConfirmation() {
		this.fence.open(this.now.get());
		advance(9_999);
		assertThat(this.fence.mayFire()).isFalse();
		assertThat(this.fence.leaseMayLive()).isTrue();
		advance(1);
		assertThat(this.fence.leaseMayLive()).isFalse();
	}

	@Test
	void knowsALostLeaseDead() {
		this.fence.open(this.now.get());
		this.fence.close();
		assertThat(this.fence.leaseMayLive()).isFalse();
	}

	@Test
	void countsTheLeasesItWasOpenedUnder() {
		this.fence.open(this.now.get());
		long first = this.fence.lease();
		this.fence.confirmed(this.now.get() + 1);
		assertThat(this.fence.lease()).isEqualTo(first);
		this.fence.close();
		this.fence.open(this.now.get());
		assertThat(this.fence.lease()).isEqualTo(first + 1);
	}

	@Test
	void knowsTheLeaseItOpensUnderNextFromItsGrantUntilItOpens() {
		this.fence.granted(this.now.get());
		assertThat(this.fence.mayFire()).isFalse();
		long next = this.fence.opening();
		assertThat(next).isEqualTo(this.fence.lease() + 1);
		this.fence.open(this.now.get());
		assertThat(this.fence.lease()).isEqualTo(next);
		assertThat(this.fence.opening()).isZero();
	}

	@Test
	void forgetsAGrantedLeaseOnceItsTtlHasPassedUnopened() {
		this.fence.granted(this.now.get());
		advance(9_999);
		assertThat(this.fence.opening()).isNotZero();
		advance(1);
		assertThat(this.fence.opening()).isZero();
	}

	@Test
	void opensAfterALostLeaseUnderTheNextLeaseGranted() {
		this.fence.open(this.now.get());
		long lost = this.fence.lease();
		this.fence.close();
		assertThat(this.fence.opening()).isZero();
		this.fence.granted(this.now.get());
		assertThat(this.fence.opening()).isEqualTo(lost + 1);
	}

}
