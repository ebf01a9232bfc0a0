package io.crony.sdk.spring;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * The threads async handlers run on: a fixed pool with a bounded queue (a full queue
 * refuses the run, which the agent's retry policy then handles). Kept private to the
 * starter rather than a Spring {@code Executor} bean, so the service's own task executor
 * stays Boot's. On shutdown it lets running handlers finish and report, up to a timeout.
 */
final class AsyncJobRunner implements Executor, DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(AsyncJobRunner.class);

	private final ThreadPoolExecutor pool;

	private final Duration shutdownTimeout;

	AsyncJobRunner(int threads, int queueCapacity, Duration shutdownTimeout) {
		AtomicInteger count = new AtomicInteger();
		this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
				new ArrayBlockingQueue<>(queueCapacity), (task) -> {
					Thread thread = new Thread(task, "crony-job-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		this.shutdownTimeout = shutdownTimeout;
	}

	@Override
	public void execute(Runnable task) {
		this.pool.execute(task);
	}

	@Override
	public void destroy() throws InterruptedException {
		this.pool.shutdown();
		if (!this.pool.awaitTermination(this.shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
			log.warn("Async jobs still running after {}; interrupting {} of them", this.shutdownTimeout,
					this.pool.getActiveCount());
			this.pool.shutdownNow();
		}
	}

}
