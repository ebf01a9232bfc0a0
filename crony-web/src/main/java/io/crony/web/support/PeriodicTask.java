package io.crony.web.support;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A task run on a daemon thread of its own at a fixed delay between runs, started and
 * stopped with the bean that owns it (its {@code SmartLifecycle}).
 */
public final class PeriodicTask {

	private final String threadName;

	private ScheduledExecutorService executor;

	public PeriodicTask(String threadName) {
		this.threadName = threadName;
	}

	public synchronized void start(Runnable task, Duration initialDelay, Duration delay) {
		if (this.executor != null) {
			return;
		}
		this.executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, this.threadName);
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(task, initialDelay.toMillis(), delay.toMillis(), TimeUnit.MILLISECONDS);
	}

	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
