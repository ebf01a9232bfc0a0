package io.crony.web.cluster.leader;

import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.leadership.LeaderTerm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Between full reconciles, applies only the jobs that changed since the last look, found
 * by their {@code job_change} rows (from the newest one seen minus {@code changeWindow},
 * for writes that committed late) once the stamp moved; a changed job whose row is gone
 * was deleted. Also retries placing jobs that found no agent, when the agents change.
 */
final class ChangeReconciler {

	private static final Logger log = LoggerFactory.getLogger(ChangeReconciler.class);

	private final LeaderTerm term;

	private final Duration changeWindow;

	private final JobTable jobTable;

	private final LeaderState state;

	private final AgentChooser chooser;

	private final AssignmentView view;

	private final AssignmentWriter writer;

	private final Assigner assigner;

	private final AgentIdMirror mirror;

	ChangeReconciler(LeaderTerm term, Duration changeWindow, JobTable jobTable, LeaderState state, AgentChooser chooser,
			AssignmentView view, AssignmentWriter writer, Assigner assigner, AgentIdMirror mirror) {
		this.term = term;
		this.changeWindow = changeWindow;
		this.jobTable = jobTable;
		this.state = state;
		this.chooser = chooser;
		this.view = view;
		this.writer = writer;
		this.assigner = assigner;
		this.mirror = mirror;
	}

	/** Applies the rows changed since the last look; true when something changed. */
	boolean changes() throws InterruptedException {
		JobTable.Stamp stamp = this.jobTable.stamp();
		JobTable.Stamp last = this.state.stamp();
		if (stamp.equals(last)) {
			return false;
		}
		long started = System.nanoTime();
		Timestamp since = (last == null || last.newest() == null) ? new Timestamp(0)
				: new Timestamp(last.newest().getTime() - this.changeWindow.toMillis());
		List<JobRow> creates = new ArrayList<>();
		int[] changed = new int[2];
		this.jobTable.changedSince(since, (jobId, row) -> {
			changed[0]++;
			if (row == null) {
				changed[1]++;
				dropDeleted(jobId);
			}
			else {
				apply(row, creates);
			}
		});
		this.assigner.assignNew(creates);
		this.writer.drain();
		long written = System.nanoTime();
		this.mirror.flush();
		this.state.stamped(stamp);
		log.info("Leader epoch {} reconciled {} changed jobs ({} new, {} deleted) in {} ms, mirrored in {} ms",
				this.term.epoch(), changed[0], creates.size(), changed[1], (written - started) / 1_000_000,
				(System.nanoTime() - written) / 1_000_000);
		return true;
	}

	/**
	 * Tries again to place enabled jobs that hold no key (an agent joined or changed).
	 */
	void placeUnassigned() throws InterruptedException {
		List<Long> ids = new ArrayList<>();
		for (PlaceableJob job : this.state.jobs()) {
			if (job.enabled() && this.view.get(job.id()) == null) {
				ids.add(job.id());
			}
		}
		if (ids.isEmpty()) {
			return;
		}
		List<JobRow> rows = new ArrayList<>();
		for (JobRow row : this.jobTable.rows(ids).values()) {
			if (row.enabled()) {
				rows.add(row);
			}
		}
		this.assigner.assignNew(rows);
		this.writer.drain();
		this.mirror.flush();
	}

	/** Deletes, moves or updates the row's key at once; new keys are left to batch. */
	private void apply(JobRow row, List<JobRow> creates) throws InterruptedException {
		PlaceableJob job = row.state();
		this.state.putJob(job);
		Placement placement = this.view.get(row.id());
		if (!row.enabled()) {
			if (placement != null) {
				this.writer.delete(placement, true);
			}
		}
		else if (placement == null) {
			creates.add(row);
		}
		else if (!this.chooser.fits(placement.agentId(), job)) {
			this.assigner.reassign(placement, row);
		}
		else if (placement.version() != row.version()) {
			this.writer.update(placement, row.version(), this.writer.value(row.jobSpec()));
		}
	}

	private void dropDeleted(long jobId) throws InterruptedException {
		this.state.forgetJob(jobId);
		Placement placement = this.view.get(jobId);
		if (placement != null) {
			this.writer.delete(placement, true);
		}
	}

}
