package io.crony.agent.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The agent's fixed pool of worker threads, which can also wait until every task handed
 * to it so far has ended. A graceful stop waits for the runs in flight, and a run handed
 * to a worker (a fire dispatched just before the stop, a run a one-shot request starts)
 * is not yet known to the runner while it waits in the queue.
 * <p>
 * That wait costs the tasks nothing: a task is handed to the pool as it is, neither
 * wrapped nor counted. The pool's own counts cannot say that every task handed over has
 * ended ({@link #getQueue()} empty and {@link #getActiveCount()} zero): a task a worker
 * took from the queue and has not begun yet is in neither. So the wait hands every worker
 * a marker instead, each of which holds its worker until all have arrived. The queue is
 * first in, first out, so every task queued before the markers is taken before any of
 * them (a marker that starts a thread the pool had not started yet holds a thread that
 * had no task before); a worker takes a marker only once its task before has ended, and a
 * marker holds its worker, so all of them arrived means each worker (there are never
 * more) took one, and every task handed over before has ended. After the stages stopped
 * handing fires over, a task handed over later belongs to a run the runner knows already
 * (its retry, its next attempt, its shards), which the stop waits for as a run.
 */
public final class WorkerPool extends ThreadPoolExecutor {

	public WorkerPool(int threads, String namePrefix) {
		super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
				DaemonThreads.numbered(namePrefix));
	}

	/**
	 * Waits until every task handed to the pool before this call has ended. The workers
	 * are held while the last of them ends its task (tasks handed over meanwhile wait
	 * until then), at most until the deadline.
	 * @param deadlineNanos the {@link System#nanoTime()} to give up at
	 * @return false when the deadline came first
	 * @throws InterruptedException when the waiting thread is interrupted (the workers
	 * are let go)
	 */
	public boolean awaitTasksHandedOver(long deadlineNanos) throws InterruptedException {
		int workers = getMaximumPoolSize();
		CountDownLatch arrived = new CountDownLatch(workers);
		CountDownLatch released = new CountDownLatch(1);
		try {
			for (int i = 0; i < workers; i++) {
				execute(() -> {
					arrived.countDown();
					try {
						released.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				});
			}
			return arrived.await(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
		}
		finally {
			// a marker not taken yet passes at once when it is
			released.countDown();
		}
	}

}
