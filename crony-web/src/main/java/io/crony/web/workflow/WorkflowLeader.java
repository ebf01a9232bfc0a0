package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;

import org.springframework.stereotype.Component;

/**
 * Moves workflows on, on the leader only, every {@code crony.web.workflow.interval}:
 * waiting fires released or stopped ({@link LiveCycles}), unscheduled dependents started,
 * backfills' instants started ({@link Backfills}), runs with dependents and backfill
 * instants advanced ({@link DependentRuns}), released runs no agent took asked for again,
 * and workflow deadlines watched ({@link WorkflowDeadlines}). Every step is a
 * compare-and-set on the execution row or an insert on its fire key, so a leader deposed
 * mid-round and its successor never start a run twice; all state is in MySQL, so a new
 * leader goes on where the old one stopped.
 */
@Component
class WorkflowLeader extends PeriodicTask {

	private final LeaderElection election;

	private final LiveCycles cycles;

	private final DependentRuns dependents;

	private final ReleasedRuns released;

	private final Backfills backfills;

	private final WorkflowDeadlines deadlines;

	private final WorkflowProperties properties;

	private Instant lastAsked;

	WorkflowLeader(LeaderElection election, LiveCycles cycles, DependentRuns dependents, ReleasedRuns released,
			Backfills backfills, WorkflowDeadlines deadlines, WorkflowProperties properties) {
		super("crony-workflow", "A workflow round");
		this.backfills = backfills;
		this.deadlines = deadlines;
		this.election = election;
		this.cycles = cycles;
		this.dependents = dependents;
		this.released = released;
		this.properties = properties;
	}

	@Override
	protected void round() {
		if (!this.election.isLeader()) {
			this.deadlines.forget();
			return;
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.cycles.releaseWaiting(now);
		this.cycles.startUnscheduled(now);
		this.backfills.advance(now);
		this.dependents.advance(now);
		askAgain(now);
		this.deadlines.check(now);
	}

	@Override
	protected Duration interval() {
		return this.properties.interval();
	}

	@Override
	protected boolean enabled() {
		return this.properties.enabled();
	}

	// Once per retryAfter, not every round: the scan reads every PENDING row's index
	// entry,
	// and with thousands of every-second jobs most of them are claims made ahead (the
	// agent
	// bench counted it in MariaDB's rows read per fire).
	private void askAgain(Instant now) {
		if (this.lastAsked != null && now.isBefore(this.lastAsked.plus(this.properties.retryAfter()))) {
			return;
		}
		this.lastAsked = now;
		for (ReleasedRuns.Untaken run : this.released.untaken(now.minus(this.properties.retryAfter()))) {
			this.released.request(run.id(), run.jobId(), run.trigger(), run.scheduledAt(), run.params());
		}
	}

}
