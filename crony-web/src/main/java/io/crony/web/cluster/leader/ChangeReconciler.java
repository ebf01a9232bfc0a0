package io.crony.web.cluster.leader;

import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.web.cluster.assignment.Placement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Between full reconciles, applies only the jobs that changed since the last look, found
 * by their {@code job_change} rows (from the newest one seen minus {@code changeWindow},
 * for writes that committed late) once the stamp moved; a changed job whose row is gone
 * was deleted. Also retries placing jobs that found no agent, when the agents change.
 * <p>
 * A change scan is applied on the decision thread a slice at a time, one slice per turn
 * of the loop, after its failovers: a slice reads at most {@code sliceSize} rows, writes
 * their keys, waits for its writes and mirrors where their jobs now are. After a million
 * jobs created at once, an agent lost meanwhile is failed over before the next slice, not
 * after the whole scan. Each slice reads its rows as they are now and acts from the view
 * as it is now (after any failover), so every job ends as its newest row says, whatever
 * moved its key between the slices. The stamp the scan began with is recorded only once
 * its last slice is applied: a job that changes again while the slices go on has a change
 * row after that stamp, which the next scan, begun as soon as this one ends, reads.
 */
final class ChangeReconciler {

	private static final Logger log = LoggerFactory.getLogger(ChangeReconciler.class);

	private final ReconcileParts parts;

	private final Duration changeWindow;

	private final Assigner assigner;

	private final int sliceSize;

	/** The change scan under way, null when none. */
	private ChangeScan scanning;

	/**
	 * @param sliceSize rows a slice of a change scan reads at most
	 */
	ChangeReconciler(ReconcileParts parts, Duration changeWindow, Assigner assigner, int sliceSize) {
		this.parts = parts;
		this.changeWindow = changeWindow;
		this.assigner = assigner;
		this.sliceSize = Math.max(1, sliceSize);
	}

	/**
	 * Applies the next slice of the change scan under way, beginning one when the stamp
	 * moved since the last look.
	 * @return whether slices are left to apply at once
	 */
	boolean nextSlice() throws InterruptedException {
		if (this.scanning == null && !begin()) {
			return false;
		}
		ChangeScan scan = this.scanning;
		if (this.parts.gate().holdsChangeSlice(scan.slices())) {
			return false;
		}
		apply(scan);
		if (!scan.done()) {
			return true;
		}
		this.scanning = null;
		this.parts.state().stamped(scan.stamp());
		log.info(
				"Leader epoch {} reconciled {} changed jobs ({} new, {} deleted) in {} slices over {} ms, of "
						+ "which on the decision thread {} ms reading rows and writing keys, {} ms mirroring",
				this.parts.term().epoch(), scan.jobs(), scan.creates(), scan.deletes(), scan.slices(),
				scan.elapsedMillis(), scan.writeMillis(), scan.mirrorMillis());
		return false;
	}

	/** Whether a change scan has slices left to apply. */
	boolean scanning() {
		return this.scanning != null;
	}

	/**
	 * Drops the change scan under way: the reconcile that compares every row with every
	 * key from the present (at a term start or after a failed step) records its own
	 * stamp, read before its rows, so the scan has nothing to add.
	 */
	void drop() {
		this.scanning = null;
	}

	/** Begins a change scan when the stamp moved; false when it did not. */
	private boolean begin() {
		JobTable.Stamp stamp = this.parts.jobTable().stamp();
		JobTable.Stamp last = this.parts.state().stamp();
		if (stamp.equals(last)) {
			return false;
		}
		Timestamp since = (last == null || last.newest() == null) ? new Timestamp(0)
				: new Timestamp(last.newest().getTime() - this.changeWindow.toMillis());
		this.scanning = new ChangeScan(stamp, this.parts.jobTable().changedSince(since));
		return true;
	}

	/** Reads a slice's rows, writes their keys, waits for the writes, then mirrors. */
	private void apply(ChangeScan scan) throws InterruptedException {
		long started = System.nanoTime();
		List<Long> ids = scan.take(this.sliceSize);
		Map<Long, JobRow> rows = this.parts.jobTable().rows(ids);
		List<JobRow> creates = new ArrayList<>();
		int deleted = 0;
		for (Long id : ids) {
			JobRow row = rows.get(id);
			if (row == null) {
				deleted++;
				this.parts.forgetDeleted(id);
			}
			else {
				apply(row, creates);
			}
		}
		this.assigner.assignNew(creates);
		this.parts.writer().drain();
		long written = System.nanoTime();
		this.parts.mirror().flush();
		scan.sliced(creates.size(), deleted, written - started, System.nanoTime() - written);
	}

	/**
	 * Tries again to place enabled jobs that hold no key (an agent joined or changed).
	 */
	void placeUnassigned() throws InterruptedException {
		List<Long> ids = new ArrayList<>();
		for (PlaceableJob job : this.parts.state().jobs()) {
			if (job.enabled() && this.parts.view().get(job.id()) == null) {
				ids.add(job.id());
			}
		}
		if (ids.isEmpty()) {
			return;
		}
		List<JobRow> rows = new ArrayList<>();
		for (JobRow row : this.parts.jobTable().rows(ids).values()) {
			if (row.enabled()) {
				rows.add(row);
			}
		}
		this.assigner.assignNew(rows);
		this.parts.writer().drain();
		this.parts.mirror().flush();
	}

	/** Deletes, moves or updates the row's key at once; new keys are left to batch. */
	private void apply(JobRow row, List<JobRow> creates) throws InterruptedException {
		PlaceableJob job = row.state();
		this.parts.state().putJob(job);
		Placement placement = this.parts.view().get(row.id());
		if (!row.enabled()) {
			if (placement != null) {
				this.parts.writer().delete(placement, true);
			}
		}
		else if (placement == null) {
			creates.add(row);
		}
		else if (!this.parts.chooser().fits(placement.agentId(), job)) {
			this.assigner.reassign(placement, row);
		}
		else if (placement.version() != row.version()) {
			this.parts.writer().update(placement, row.version(), this.parts.writer().value(row.jobSpec()));
		}
	}

}
