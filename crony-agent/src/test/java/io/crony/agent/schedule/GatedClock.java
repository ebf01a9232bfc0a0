package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;

/**
 * The system clock, except that once armed its next reading waits until the test lets it
 * go: a test holds a thread at a point where it reads the clock (a run admitted, a record
 * made) and makes another step meanwhile. Only the first reading after {@link #arm()}
 * waits; the others go through.
 */
final class GatedClock extends Clock {

	private volatile CountDownLatch reached;

	private volatile CountDownLatch released;

	private volatile boolean armed;

	/** The next reading waits for {@link #release()}. */
	void arm() {
		this.reached = new CountDownLatch(1);
		this.released = new CountDownLatch(1);
		this.armed = true;
	}

	/** Waits until a thread is held at its reading. */
	void awaitHeld() throws InterruptedException {
		this.reached.await();
	}

	/** Lets the held reading go on. */
	void release() {
		this.released.countDown();
	}

	@Override
	public Instant instant() {
		if (this.armed) {
			hold();
		}
		return Instant.now();
	}

	private synchronized void hold() {
		if (!this.armed) {
			return;
		}
		this.armed = false;
		this.reached.countDown();
		try {
			this.released.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException();
	}

}
