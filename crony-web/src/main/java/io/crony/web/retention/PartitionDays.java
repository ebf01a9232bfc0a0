package io.crony.web.retention;

import java.time.Clock;
import java.time.Duration;

import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;

import org.springframework.stereotype.Component;

/**
 * Keeps the execution table's days ahead ({@link ExecutionPartitions#addDaysAhead}) on
 * the leader, every hour and soon after an instance starts, whether the purge is on or
 * off: a day missed (the leader down for days) only leaves its rows in the catch-all
 * partition until the next round splits them out. Dropping days is the purge's part
 * ({@link ExecutionPurge}), so one owner, the leader, does both.
 */
@Component
class PartitionDays extends PeriodicTask {

	private static final Duration INTERVAL = Duration.ofHours(1);

	private static final Duration INITIAL_DELAY = Duration.ofSeconds(30);

	private final ExecutionPartitions partitions;

	private final LeaderElection election;

	private final Clock clock = Clock.systemUTC();

	PartitionDays(ExecutionPartitions partitions, LeaderElection election) {
		super("crony-execution-days", "Adding execution days ahead");
		this.partitions = partitions;
		this.election = election;
	}

	@Override
	protected void round() {
		if (this.election.isLeader()) {
			this.partitions.addDaysAhead(this.clock.instant());
		}
	}

	@Override
	protected Duration interval() {
		return INTERVAL;
	}

	@Override
	protected Duration initialDelay() {
		return INITIAL_DELAY;
	}

}
