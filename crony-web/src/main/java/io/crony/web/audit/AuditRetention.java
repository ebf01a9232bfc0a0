package io.crony.web.audit;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Deletes audit rows older than {@code crony.web.audit.retention}: every
 * {@code purge-interval}, on the leader only (one instance does it, and never two at
 * once), {@code purge-batch-size} rows per statement so no purge holds many row locks.
 * This is the only delete of audit rows there is.
 */
@Component
class AuditRetention implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(AuditRetention.class);

	private final AuditMapper rows;

	private final LeaderElection election;

	private final AuditProperties properties;

	private final Clock clock = Clock.systemUTC();

	private final PeriodicTask task = new PeriodicTask("crony-audit-retention");

	AuditRetention(AuditMapper rows, LeaderElection election, AuditProperties properties) {
		this.rows = rows;
		this.election = election;
		this.properties = properties;
	}

	@Override
	public void start() {
		this.task.start(this::round, this.properties.purgeInterval(), this.properties.purgeInterval());
	}

	@Override
	public void stop() {
		this.task.stop();
	}

	@Override
	public boolean isRunning() {
		return this.task.isRunning();
	}

	private void round() {
		try {
			purge();
		}
		catch (RuntimeException ex) {
			log.warn("Purging old audit rows failed, trying again in {}: {}", this.properties.purgeInterval(),
					ex.toString());
		}
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
