package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

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
 * and after a failed step on the decision thread, before anything else, so it also
 * finishes what an earlier leader left half done (keys under dead agents, duplicates) and
 * rebuilds the view and the jobs in memory. Every so often after, it runs again in two
 * halves: {@link #read()} on a thread of its own, so that a failover never waits behind
 * reading a million rows and keys, then {@link #correct(ReconcileSnapshot)} on the
 * decision thread, which writes only what is still wrong now.
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

	private final ReconcileReadGate gate;

	FullReconciler(LeaderTerm term, StoredAssignments stored, JobTable jobTable, LeaderState state,
			AgentChooser chooser, AssignmentView view, AssignmentWriter writer, Assigner assigner, AgentIdMirror mirror,
			ReconcileReadGate gate) {
		this.gate = gate;
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
		this.jobTable.pruneChanges();
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
		Map<String, Integer> movedOffDead = write(plan, plan.primaries::contains);
		this.mirror.correct(columns);
		this.state.stamped(stamp);
		return movedOffDead;
	}

	/**
	 * Reads every key and row; safe off the decision thread, as it touches neither the
	 * state nor the view.
	 */
	ReconcileSnapshot read() throws InterruptedException {
		this.jobTable.pruneChanges();
		return ReconcileSnapshot.read(this.stored, this.jobTable, this.gate);
	}

	/**
	 * Applies what a snapshot shows wrong, each job checked again against now: its row is
	 * read again and must be the version the snapshot compared, and the view must still
	 * hold the key the snapshot saw. A job whose key changed after the snapshot's
	 * revision (a failover, a placement or a change applied meanwhile) is left to the
	 * next pass, so a correction never undoes what was done while the snapshot was read.
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> correct(ReconcileSnapshot snapshot) throws InterruptedException {
		Map<Long, List<Placement>> keys = new HashMap<>(snapshot.keys());
		Map<Long, ReconcileSnapshot.Row> compared = new HashMap<>();
		Map<Long, String> columns = new HashMap<>();
		Set<Long> recheck = new HashSet<>();
		// decides as the reconcile at a term start would, only to find the jobs to look
		// at
		ReconcilePlan probe = new ReconcilePlan(this.chooser);
		for (ReconcileSnapshot.Row row : snapshot.rows()) {
			columns.put(row.id(), row.agentId());
			List<Placement> held = keys.remove(row.id());
			int planned = probe.writes();
			probe.classify(row.asJobRow(), row.job(), held);
			if (probe.writes() > planned || !row.job().equals(this.state.job(row.id()))) {
				recheck.add(row.id());
				compared.put(row.id(), row);
			}
		}
		// jobs the state knows that the snapshot did not: created since, or deleted
		for (Long jobId : this.state.jobIds()) {
			if (!columns.containsKey(jobId)) {
				recheck.add(jobId);
			}
		}
		ReconcilePlan plan = new ReconcilePlan(this.chooser);
		int skipped = 0;
		Map<Long, JobRow> now = this.jobTable.rows(recheck);
		for (Long jobId : recheck) {
			JobRow row = now.get(jobId);
			if (row == null) {
				forgetDeleted(jobId);
				continue;
			}
			PlaceableJob job = row.state();
			this.state.putJob(job);
			ReconcileSnapshot.Row before = compared.get(jobId);
			if (before == null || before.version() != row.version() || before.enabled() != row.enabled()
					|| !planIfUnchanged(plan, snapshot.revision(), row, job, snapshot.keys().get(jobId))) {
				// changed since the snapshot: the change scan applies it
				skipped++;
			}
		}
		// keys of jobs that no longer exist; each delete is guarded by the key's revision
		for (List<Placement> orphans : keys.values()) {
			plan.deletes.addAll(orphans);
		}
		log.info(
				"Leader epoch {} full reconcile at revision {} read off the decision thread: {} jobs, {} keys to "
						+ "create, {} to update, {} to move, {} to delete, {} jobs changed since and left as they are",
				this.term.epoch(), snapshot.revision(), snapshot.rows().size(), plan.creates.size(),
				plan.updates.size(), plan.moves.size(), plan.deletes.size(), skipped);
		Map<String, Integer> movedOffDead = write(plan, this::heldByView);
		this.mirror.correct(columns);
		return movedOffDead;
	}

	/**
	 * Plans a job's corrections when the view still holds the key the snapshot saw (or
	 * none, when the snapshot saw none), so each write is made from what the view counts.
	 * @return false when the job's key changed after the snapshot
	 */
	private boolean planIfUnchanged(ReconcilePlan plan, long revision, JobRow row, PlaceableJob job,
			List<Placement> held) {
		Placement current = this.view.get(row.id());
		List<Placement> found = (held != null) ? held : List.of();
		if (current == null) {
			if (!found.isEmpty()) {
				return false;
			}
			plan.classify(row, job, null);
			return true;
		}
		if (current.modRevision() > revision || found.stream().noneMatch((key) -> sameKey(key, current))) {
			return false;
		}
		// the view's key first, so it is the one kept when it still fits
		List<Placement> ordered = new ArrayList<>(found.size());
		ordered.add(current);
		found.stream().filter((key) -> !sameKey(key, current)).forEach(ordered::add);
		ReconcilePlan one = new ReconcilePlan(this.chooser);
		one.classify(row, job, ordered);
		if (!one.primaries.isEmpty() && !one.primaries.contains(current)) {
			// another of its keys would be kept: a state the view cannot count, for the
			// reconcile of the next term start
			return false;
		}
		plan.addAll(one);
		return true;
	}

	/** A job whose row is gone: forgotten, its key deleted (as the change scan does). */
	private void forgetDeleted(long jobId) throws InterruptedException {
		this.state.forgetJob(jobId);
		Placement placement = this.view.get(jobId);
		if (placement != null) {
			this.writer.delete(placement, true);
		}
	}

	private boolean heldByView(Placement placement) {
		return sameKey(placement, this.view.get(placement.jobId()));
	}

	private static boolean sameKey(Placement key, Placement other) {
		return other != null && key.agentId().equals(other.agentId()) && key.modRevision() == other.modRevision();
	}

	private Map<String, Integer> write(ReconcilePlan plan, Predicate<Placement> counted) throws InterruptedException {
		for (Placement placement : plan.deletes) {
			this.writer.delete(placement, counted.test(placement));
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
