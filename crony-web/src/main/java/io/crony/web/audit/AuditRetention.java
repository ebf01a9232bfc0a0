package io.crony.web.audit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Deletes audit rows older than {@code crony.web.audit.retention}: every
 * {@code purge-interval}, on the leader only (one instance does it, and never two at
 * once), {@code purge-batch-size} rows per statement so no purge holds many row locks.
 * This is the only delete of audit rows there is.
 */
@Component
class AuditRetention extends PeriodicTask {

	private static final Logger log = LoggerFactory.getLogger(AuditRetention.class);

	private final AuditMapper rows;

	private final LeaderElection election;

	private final AuditProperties properties;

	private final Clock clock = Clock.systemUTC();

	AuditRetention(AuditMapper rows, LeaderElection election, AuditProperties properties) {
		super("crony-audit-retention", "Purging old audit rows");
		this.rows = rows;
		this.election = election;
		this.properties = properties;
	}

	@Override
	protected void round() {
		purge();
	}

	@Override
	protected Duration interval() {
		return this.properties.purgeInterval();
	}

	/**
	 * One purge, if this instance leads.
	 * @return rows deleted
	 */
	synchronized int purge() {
		if (!this.election.isLeader()) {
			return 0;
		}
		Instant cutoff = this.clock.instant().truncatedTo(ChronoUnit.MILLIS).minus(this.properties.retention());
		int deleted = 0;
		int batch;
		do {
			batch = this.rows.deleteBefore(cutoff, this.properties.purgeBatchSize());
			deleted += batch;
		}
		while (batch == this.properties.purgeBatchSize() && this.election.isLeader());
		if (deleted > 0) {
			log.info("Deleted {} audit rows older than {} (before {})", deleted, this.properties.retention(), cutoff);
		}
		return deleted;
	}

}
