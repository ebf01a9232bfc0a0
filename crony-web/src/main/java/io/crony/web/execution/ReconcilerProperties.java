package io.crony.web.execution;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the leader closes execution rows left PENDING for good
 * ({@link ExecutionReconciler}).
 *
 * @param enabled whether the leader closes such rows at all
 * @param interval how often the leader looks for them
 * @param grace how long past its scheduled instant, and unchanged, a PENDING row must be
 * before it is closed; far longer than any wait of a live agent (see
 * {@link ExecutionReconciler})
 * @param batchSize rows closed per UPDATE statement (each its own short transaction)
 * @param roundLimit most rows looked at per round; a larger backlog is worked off over
 * the following rounds
 */
@ConfigurationProperties("crony.web.reconciler")
record ReconcilerProperties(@DefaultValue("true") boolean enabled, @DefaultValue("30s") Duration interval,
		@DefaultValue("2m") Duration grace, @DefaultValue("500") int batchSize, @DefaultValue("20000") int roundLimit) {

	ReconcilerProperties {
		batchSize = Math.max(1, Math.min(batchSize, 5000));
		roundLimit = Math.max(batchSize, roundLimit);
		if (interval.isNegative() || interval.isZero()) {
			throw new IllegalArgumentException("crony.web.reconciler.interval must be positive, not " + interval);
		}
		if (grace.isNegative()) {
			throw new IllegalArgumentException("crony.web.reconciler.grace must not be negative, not " + grace);
		}
	}

}
