package io.crony.web.audit;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the audit log keeps its rows, on its own (execution history has its own
 * retention).
 *
 * @param retention rows older than this are deleted by the leader
 * @param purgeInterval how often the leader looks for such rows
 * @param purgeBatchSize rows deleted per statement (each its own short transaction)
 */
@ConfigurationProperties("crony.web.audit")
record AuditProperties(@DefaultValue("400d") Duration retention, @DefaultValue("1h") Duration purgeInterval,
		@DefaultValue("1000") int purgeBatchSize) {

	AuditProperties {
		if (retention.isNegative() || retention.isZero()) {
			throw new IllegalArgumentException("crony.web.audit.retention must be positive, not " + retention);
		}
		if (purgeInterval.isNegative() || purgeInterval.isZero()) {
			throw new IllegalArgumentException("crony.web.audit.purge-interval must be positive, not " + purgeInterval);
		}
		purgeBatchSize = Math.max(1, Math.min(purgeBatchSize, 10_000));
	}

}
