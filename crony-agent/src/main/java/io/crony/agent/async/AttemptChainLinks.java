package io.crony.agent.async;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import io.crony.agent.target.AttemptResult;
import io.crony.common.execution.ExecutionStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each async attempt in its run's chain ({@code execution_attempt}): where it
 * started, and how it ended once its result is known (MOVED when the run went on
 * elsewhere). The chain is a record for people, and the rules that read it back are
 * {@link AttemptMoves}'s once-per-run move for silence and the takeover's count of moves
 * ({@link MovedAttempts}); an attempt runs the same without it, so a link that cannot be
 * written is logged, not fatal.
 */
final class AttemptChainLinks {

	private static final Logger logger = LoggerFactory.getLogger(AttemptChainLinks.class);

	private final AsyncStore store;

	private final String agentId;

	private final Executor thread;

	private final Clock clock;

	/**
	 * @param thread where an attempt's end is written (the async thread, never the
	 * completing call's)
	 */
	AttemptChainLinks(AsyncStore store, String agentId, Executor thread, Clock clock) {
		this.store = store;
		this.agentId = agentId;
		this.thread = thread;
		this.clock = clock;
	}

	/** Adds the attempt's link now, and ends it when {@code result} completes. */
	void link(long id, int attempt, String instance, CompletableFuture<AttemptResult> result) {
		try {
			this.store.attemptStarted(id, attempt, instance, this.agentId, this.clock.instant());
		}
		catch (RuntimeException ex) {
			logger.warn("Attempt {} of execution {} not added to its chain: {}", attempt, id, ex.getMessage());
			return;
		}
		result.whenComplete((outcome, failure) -> this.thread.execute(() -> {
			String status = (outcome == null) ? ExecutionStatus.CANCELLED.name()
					: outcome.moved() ? "MOVED" : outcome.status().name();
			try {
				this.store.attemptEnded(id, attempt, status, (outcome != null) ? outcome.error() : null,
						(outcome != null) ? outcome.reason() : null, this.clock.instant());
			}
			catch (RuntimeException ex) {
				logger.warn("End of attempt {} of execution {} not added to its chain: {}", attempt, id,
						ex.getMessage());
			}
		}));
	}

}
