package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.cluster.assignment.Placement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares every job row with every assignment key and brings etcd to what MySQL says:
 * every enabled job on exactly one live, undrained agent that matches its selector, at
 * its current version; no key for a disabled or deleted job. It runs when a term starts
 * and after a failed step on the decision thread, before anything else, so it also
 * finishes what an earlier leader left half done (keys under dead agents, duplicates) and
 * rebuilds the view and the jobs in memory. Every so often after, it runs again in two
 * halves: {@link #read()} on a thread of its own, so that a failover never waits behind
 * reading a million rows and keys, then {@link #correct(ReconcileSnapshot)}, applied on
 * the decision thread a slice at a time between the loop's steps, which writes only what
 * is still wrong now and leaves the jobs changed since to the change scan, unread, so
 * that a failover never waits behind a million rows read again either.
 */
final class FullReconciler {

	private static final Logger log = LoggerFactory.getLogger(FullReconciler.class);

	private final ReconcileParts parts;

	private final StoredAssignments stored;

	private final int sliceSize;

	/**
	 * @param sliceSize rows a slice of a periodic reconcile's corrections reads again at
	 * most
	 */
	FullReconciler(ReconcileParts parts, StoredAssignments stored, int sliceSize) {
		this.parts = parts;
		this.stored = stored;
		this.sliceSize = sliceSize;
	}

	/**
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> reconcile() throws InterruptedException {
		ReconcileParts p = this.parts;
		p.jobTable().pruneChanges();
		JobTable.Stamp stamp = p.jobTable().stamp();
		Map<Long, List<Placement>> found = new HashMap<>();
		long revision = this.stored
			.everywhere((key) -> found.computeIfAbsent(key.jobId(), (id) -> new ArrayList<>(1)).add(key.placement()));
		ReconcilePlan plan = new ReconcilePlan(p.chooser());
		Map<Long, PlaceableJob> jobs = new HashMap<>();
		Map<Long, String> columns = new HashMap<>();
		p.jobTable().forEach((row) -> {
			PlaceableJob job = row.state();
			jobs.put(row.id(), job);
			columns.put(row.id(), row.agentId());
			plan.classify(row, job, found.remove(row.id()));
		});
		// Keys of jobs that no longer exist.
		found.values().forEach(plan::deleteAll);
		p.view().reset(plan.primaries);
		p.state().replaceJobs(jobs);
		log.info(
				"Leader epoch {} full reconcile at revision {}: {} jobs, {} keys to create, {} to update, "
						+ "{} to move, {} to delete",
				p.term().epoch(), revision, jobs.size(), plan.creates.size(), plan.updates.size(), plan.moves.size(),
				plan.deletes.size());
		Map<String, Integer> movedOffDead = p.planWriter().write(plan, plan.primaries::contains);
		p.mirror().correct(columns);
		p.state().stamped(stamp);
		return movedOffDead;
	}

	/**
	 * Reads every key and row; safe off the decision thread, as it touches neither the
	 * state nor the view.
	 */
	ReconcileSnapshot read() throws InterruptedException {
		this.parts.jobTable().pruneChanges();
		return ReconcileSnapshot.read(this.stored, this.parts.jobTable(), this.parts.gate());
	}

	/**
	 * The corrections of a snapshot, to be applied a slice at a time on the decision
	 * thread, each job checked again against now ({@link ReconcileCorrection}).
	 */
	ReconcileCorrection correct(ReconcileSnapshot snapshot) {
		return new ReconcileCorrection(this.parts, snapshot, this.sliceSize);
	}

}
