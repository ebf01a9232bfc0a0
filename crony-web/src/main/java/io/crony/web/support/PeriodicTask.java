package io.crony.web.support;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * A bean whose work runs in rounds on a daemon thread of its own, at a fixed delay
 * between rounds, started and stopped with the application. A round that fails (MySQL or
 * etcd away, a lock lost to the agents' writes) is logged; the next round tries again.
 * The leader's housekeeping is built on it, each round asking first whether this instance
 * leads.
 */
public abstract class PeriodicTask implements SmartLifecycle {

	private final Logger log = LoggerFactory.getLogger(getClass());

	private final String threadName;

	private final String what;

	private ScheduledExecutorService executor;

	/**
	 * @param threadName the thread's name
	 * @param what what a round does, for the log line of a failed one
	 */
	protected PeriodicTask(String threadName, String what) {
		this.threadName = threadName;
		this.what = what;
	}

	/** One round. */
	protected abstract void round();

	/** The delay between rounds. */
	protected abstract Duration interval();

	/** The delay before the first round; the interval unless said otherwise. */
	protected Duration initialDelay() {
		return interval();
	}

	/** Whether rounds run at all. */
	protected boolean enabled() {
		return true;
	}

	@Override
	public synchronized void start() {
		if (this.executor != null || !enabled()) {
			return;
		}
		this.executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, this.threadName);
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(this::guardedRound, initialDelay().toMillis(), interval().toMillis(),
				TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

	private void guardedRound() {
		try {
			round();
		}
		catch (RuntimeException ex) {
			this.log.warn("{} failed, trying again in {}: {}", this.what, interval(), ex.toString());
		}
	}

}
