package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.leadership.LeaderTerm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares every job row with every assignment key and brings etcd to what MySQL says:
 * every enabled job on exactly one live, undrained agent that matches its selector, at
 * its current version; no key for a disabled or deleted job. It runs when a term starts
 * and every so often after, so it also finishes what an earlier leader left half done
 * (keys under dead agents, duplicates) and rebuilds the view and the jobs in memory.
 */
final class FullReconciler {

	private static final Logger log = LoggerFactory.getLogger(FullReconciler.class);

	private final LeaderTerm term;

	private final StoredAssignments stored;

	private final JobTable jobTable;

	private final LeaderState state;

	private final AgentChooser chooser;

	private final AssignmentView view;

	private final AssignmentWriter writer;

	private final Assigner assigner;

	private final AgentIdMirror mirror;

	FullReconciler(LeaderTerm term, StoredAssignments stored, JobTable jobTable, LeaderState state,
			AgentChooser chooser, AssignmentView view, AssignmentWriter writer, Assigner assigner,
			AgentIdMirror mirror) {
		this.term = term;
		this.stored = stored;
		this.jobTable = jobTable;
		this.state = state;
		this.chooser = chooser;
		this.view = view;
		this.writer = writer;
		this.assigner = assigner;
		this.mirror = mirror;
	}

	/**
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> reconcile() throws InterruptedException {
		JobTable.Stamp stamp = this.jobTable.stamp();
		Map<Long, List<Placement>> found = new HashMap<>();
		long revision = this.stored
			.everywhere((key) -> found.computeIfAbsent(key.jobId(), (id) -> new ArrayList<>(1)).add(key.placement()));
		ReconcilePlan plan = new ReconcilePlan(this.chooser);
		Map<Long, PlaceableJob> jobs = new HashMap<>();
		Map<Long, String> columns = new HashMap<>();
		this.jobTable.forEach((row) -> {
			PlaceableJob job = row.state();
			jobs.put(row.id(), job);
			columns.put(row.id(), row.agentId());
			plan.classify(row, job, found.remove(row.id()));
		});
		// Keys of jobs that no longer exist.
		found.values().forEach(plan::deleteAll);
		this.view.reset(plan.primaries);
		this.state.replaceJobs(jobs);
		log.info(
				"Leader epoch {} full reconcile at revision {}: {} jobs, {} keys to create, {} to update, "
						+ "{} to move, {} to delete",
				this.term.epoch(), revision, jobs.size(), plan.creates.size(), plan.updates.size(), plan.moves.size(),
				plan.deletes.size());
		Map<String, Integer> movedOffDead = write(plan);
		this.mirror.correct(columns);
		this.state.stamped(stamp);
		return movedOffDead;
	}

	private Map<String, Integer> write(ReconcilePlan plan) throws InterruptedException {
		for (Placement placement : plan.deletes) {
			this.writer.delete(placement, plan.primaries.contains(placement));
		}
		for (Map.Entry<Placement, JobRow> update : plan.updates.entrySet()) {
			JobRow row = update.getValue();
			this.writer.update(update.getKey(), row.version(), this.writer.value(row.jobSpec()));
		}
		// counted as each move commits, on etcd's threads; all have by drain()
		Map<String, Integer> movedOffDead = new HashMap<>();
		for (Map.Entry<Placement, JobRow> move : plan.moves.entrySet()) {
			Placement from = move.getKey();
			boolean dead = !this.state.isLive(from.agentId());
			this.assigner.reassign(from, move.getValue()).thenAccept((moved) -> {
				if (moved && dead) {
					synchronized (movedOffDead) {
						movedOffDead.merge(from.agentId(), 1, Integer::sum);
					}
				}
			});
		}
		this.assigner.assignNew(plan.creates);
		this.writer.drain();
		return movedOffDead;
	}

}
