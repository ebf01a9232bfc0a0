package io.crony.example.javasample;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.stereotype.Component;

/**
 * Tells long jobs that this instance is going away: on shutdown (the context closing, as
 * SIGTERM makes it, before the starter waits for running async handlers) or when an admin
 * drains it ({@code POST /admin/drain}, before a deploy or a scale-down). They hand their
 * runs to another instance rather than hold the shutdown up or be cut off half way.
 */
@Component
class Drain implements ApplicationListener<ContextClosedEvent> {

	private static final Logger log = LoggerFactory.getLogger(Drain.class);

	private final CountDownLatch draining = new CountDownLatch(1);

	/** Begins draining; calling it again changes nothing. */
	void start() {
		if (this.draining.getCount() > 0) {
			log.info("Draining: long runs move to other instances");
		}
		this.draining.countDown();
	}

	/**
	 * Waits {@code wait} unless draining begins first; answers at once when it has.
	 * @return whether the instance is draining
	 */
	boolean awaitDraining(Duration wait) throws InterruptedException {
		return this.draining.await(wait.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		start();
	}

}
