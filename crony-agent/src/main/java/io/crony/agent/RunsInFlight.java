package io.crony.agent;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

import io.crony.agent.schedule.FiringEngine;
import io.crony.agent.support.WorkerPool;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A graceful stop's wait for the runs this agent started: until no fire handed to a
 * worker before the stop waits to reach the runner
 * ({@link WorkerPool#awaitTasksHandedOver}), then until each run the runner admitted has
 * ended and handed its record to the record writer, bounded by
 * {@code crony.agent.shutdown-grace} counted from the stop's beginning. Only then may the
 * agent close its target clients and its record writer: closed earlier, they ended the
 * calls in flight and the runs were recorded FAILED ("Connection is closed"). A run still
 * going when the grace is over is recorded FAILED with
 * {@link ReasonCode#RUN_AGENT_STOPPED}, never left RUNNING: nothing else ends a RUNNING
 * row of a synchronous run. An ASYNC attempt its target accepted is not waited for: its
 * report ends it, as after a crash, or the takeover of the job's next holder.
 */
final class RunsInFlight {

	static final String SETTING = "crony.agent.shutdown-grace";

	private static final Logger logger = LoggerFactory.getLogger(RunsInFlight.class);

	// how often the wait looks again; a run ending is seen within it
	private static final long LOOK_MILLIS = 50;

	private final FiringEngine engine;

	private final WorkerPool workers;

	private final LongPredicate leftToOthers;

	private final Duration grace;

	/**
	 * @param leftToOthers whether an execution's run ends without this agent (an ASYNC
	 * attempt its target accepted)
	 */
	RunsInFlight(FiringEngine engine, WorkerPool workers, LongPredicate leftToOthers, Duration grace) {
		this.engine = engine;
		this.workers = workers;
		this.leftToOthers = leftToOthers;
		this.grace = grace;
	}

	/**
	 * Waits for the runs in flight, then ends those still going; returns early when the
	 * thread is interrupted (interrupt status kept), ending them at once.
	 * @param stopBeganNanos {@link System#nanoTime()} when the stop began
	 */
	void awaitEnd(long stopBeganNanos) {
		long deadline = stopBeganNanos + this.grace.toNanos();
		if (going()) {
			logger.info("Agent stopping: waits up to {} s in all for the runs in flight to end ({})",
					this.grace.toSeconds(), SETTING);
		}
		try {
			// the fires handed to a worker before the stop reach the runner first: from
			// then on the runner knows every run that may still start
			if (this.workers.awaitTasksHandedOver(deadline)) {
				while (this.engine.runsGoing(this.leftToOthers)) {
					long left = deadline - System.nanoTime();
					if (left <= 0) {
						break;
					}
					Thread.sleep(Math.min(LOOK_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		int ended = this.engine.endRuns(Reason.of(ReasonCode.RUN_AGENT_STOPPED, this.grace.toSeconds(), SETTING),
				this.leftToOthers);
		if (ended > 0) {
			logger.warn("Agent stopped {} runs still going after its shutdown grace ({} s, {}): recorded FAILED", ended,
					this.grace.toSeconds(), SETTING);
		}
	}

	// for the log line only: a task a worker took and has not begun yet is in neither
	// of the pool's counts
	private boolean going() {
		return this.workers.getActiveCount() > 0 || !this.workers.getQueue().isEmpty()
				|| this.engine.runsGoing(this.leftToOthers);
	}

}
