package io.crony.agent.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A graceful stop's wait for the tasks handed to the workers before it: a task running
 * and one still queued are waited for, up to the deadline, and the workers go on
 * afterwards.
 */
class WorkerPoolTest {

	private final WorkerPool workers = new WorkerPool(2, "crony-test-worker-");

	@AfterEach
	void close() {
		this.workers.shutdownNow();
	}

	@Test
	void waitsForTheTasksRunningAndQueuedBeforeIt() throws Exception {
		CountDownLatch running = new CountDownLatch(2);
		CountDownLatch release = new CountDownLatch(1);
		for (int i = 0; i < 2; i++) {
			this.workers.execute(() -> {
				running.countDown();
				await(release);
			});
		}
		AtomicBoolean queuedRan = new AtomicBoolean();
		this.workers.execute(() -> queuedRan.set(true));
		running.await();

		// both workers busy: the deadline comes first
		assertThat(this.workers.awaitTasksHandedOver(System.nanoTime())).isFalse();

		AtomicReference<Boolean> waited = new AtomicReference<>();
		Thread stopping = new Thread(() -> {
			try {
				waited.set(this.workers.awaitTasksHandedOver(System.nanoTime() + TimeUnit.SECONDS.toNanos(30)));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		stopping.start();
		release.countDown();
		stopping.join();

		assertThat(waited.get()).isTrue();
		assertThat(queuedRan).isTrue();
		// the workers are let go: a task handed over now runs
		CountDownLatch after = new CountDownLatch(1);
		this.workers.execute(after::countDown);
		assertThat(after.await(30, TimeUnit.SECONDS)).isTrue();
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
