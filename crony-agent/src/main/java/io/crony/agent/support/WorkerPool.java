package io.crony.agent.support;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent's fixed pool of worker threads, which also knows whether any task handed to
 * it has not ended yet. A graceful stop waits for the runs in flight, and a run handed to
 * a worker (a fire dispatched just before the stop, a run a one-shot request starts, the
 * next attempt of a retry) is not yet known to the runner while it waits in the queue. A
 * task counts from the moment it is handed over, in the caller's thread, not from the
 * moment a worker takes it, so {@link #idle()} never sees a gap between the two (the
 * pool's own counts do: a task a worker took from the queue and has not begun yet is in
 * neither).
 */
public final class WorkerPool extends ThreadPoolExecutor {

	private final AtomicInteger unfinished = new AtomicInteger();

	public WorkerPool(int threads, String namePrefix) {
		super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
				DaemonThreads.numbered(namePrefix));
	}

	@Override
	public void execute(Runnable task) {
		this.unfinished.incrementAndGet();
		try {
			super.execute(() -> {
				try {
					task.run();
				}
				finally {
					this.unfinished.decrementAndGet();
				}
			});
		}
		catch (RejectedExecutionException ex) {
			this.unfinished.decrementAndGet();
			throw ex;
		}
	}

	/** Whether every task handed to the pool has ended. */
	public boolean idle() {
		return this.unfinished.get() == 0;
	}

}
