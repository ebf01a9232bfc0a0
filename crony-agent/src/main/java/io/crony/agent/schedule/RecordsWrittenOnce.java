package io.crony.agent.schedule;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import io.crony.agent.execution.ExecutionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether records are written once now (docs/scaling.md, "Plan" 3 (c)): the setting
 * {@code crony.agent.records-written-once} is on, and no writer older than V34 was seen
 * for an hour ({@link ExecutionStore#noOlderWriterSeenBefore}): an older agent's claim
 * row of an instant fired elsewhere by its window alone would let both run it. Asked per
 * claim batch; says at INFO when it turns on or off, so an operator who turned the
 * setting on sees when it holds.
 */
final class RecordsWrittenOnce implements BooleanSupplier {

	private static final Logger logger = LoggerFactory.getLogger(RecordsWrittenOnce.class);

	private final boolean setting;

	private final ExecutionStore store;

	private final Clock clock;

	private final AtomicBoolean last = new AtomicBoolean();

	RecordsWrittenOnce(boolean setting, ExecutionStore store, Clock clock) {
		this.setting = setting;
		this.store = store;
		this.clock = clock;
	}

	@Override
	public boolean getAsBoolean() {
		boolean now = this.setting && this.store.noOlderWriterSeenBefore(this.clock.instant());
		if (this.last.getAndSet(now) != now) {
			if (now) {
				logger.info("Records written once: fires inside this agent's windows are claimed by the window alone");
			}
			else {
				logger.info("Records written once paused: a writer of executions older than V34 was seen within the "
						+ "hour, every fire gets its claim row");
			}
		}
		return now;
	}

}
