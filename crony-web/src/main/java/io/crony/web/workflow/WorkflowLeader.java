package io.crony.web.workflow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Moves workflows on, on the leader only, every {@code crony.web.workflow.interval}:
 * waiting fires released or stopped ({@link LiveCycles}), unscheduled dependents started,
 * backfills' instants started ({@link Backfills}), runs with dependents and backfill
 * instants advanced ({@link DependentRuns}), and released runs no agent took asked for
 * again. Every step is a compare-and-set on the execution row or an insert on its fire
 * key, so a leader deposed mid-round and its successor never start a run twice; all state
 * is in MySQL, so a new leader goes on where the old one stopped.
 */
@Component
class WorkflowLeader implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(WorkflowLeader.class);

	private final LeaderElection election;

	private final LiveCycles cycles;

	private final DependentRuns dependents;

	private final ReleasedRuns released;

	private final Backfills backfills;

	private final WorkflowProperties properties;

	private final PeriodicTask task = new PeriodicTask("crony-workflow");

	WorkflowLeader(LeaderElection election, LiveCycles cycles, DependentRuns dependents, ReleasedRuns released,
			Backfills backfills, WorkflowProperties properties) {
		this.backfills = backfills;
		this.election = election;
		this.cycles = cycles;
		this.dependents = dependents;
		this.released = released;
		this.properties = properties;
	}

	@Override
	public void start() {
		if (this.properties.enabled()) {
			this.task.start(this::round, this.properties.interval(), this.properties.interval());
		}
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
		if (!this.election.isLeader()) {
			return;
		}
		try {
			Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
			this.cycles.releaseWaiting(now);
			this.cycles.startUnscheduled(now);
			this.backfills.advance(now);
			this.dependents.advance(now);
			askAgain(now);
		}
		catch (RuntimeException ex) {
			// MySQL or etcd away: the next round looks again, from the rows
			log.warn("Workflow round failed, trying again in {}: {}", this.properties.interval(), ex.toString());
		}
	}

	private void askAgain(Instant now) {
		for (ReleasedRuns.Untaken run : this.released.untaken(now.minus(this.properties.retryAfter()))) {
			this.released.request(run.id(), run.jobId(), run.trigger(), run.scheduledAt(), run.params());
		}
	}

}
