package io.crony.agent.support;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent's own threads: all daemons, so a context that fails to stop never holds the
 * JVM up, and all named, so a thread dump says which part is busy.
 */
public final class DaemonThreads {

	private DaemonThreads() {
	}

	/** Threads named {@code prefix1}, {@code prefix2}, ... */
	public static ThreadFactory numbered(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return (runnable) -> daemon(runnable, prefix + count.incrementAndGet());
	}

	/** A scheduler with one thread of the given name. */
	public static ScheduledExecutorService single(String name) {
		return Executors.newSingleThreadScheduledExecutor((runnable) -> daemon(runnable, name));
	}

	private static Thread daemon(Runnable runnable, String name) {
		Thread thread = new Thread(runnable, name);
		thread.setDaemon(true);
		return thread;
	}

}
