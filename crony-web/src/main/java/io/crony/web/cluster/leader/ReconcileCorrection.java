package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.web.cluster.assignment.Placement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The corrections of one periodic full reconcile, applied on the decision thread a slice
 * at a time, one slice per turn of the loop, after its step: an agent lost meanwhile is
 * failed over before the next slice, not after the whole correction, which after a mass
 * change may concern a million jobs. A slice looks at the snapshot's rows, then at the
 * jobs the state knows that the snapshot did not read, then at the snapshot's keys of
 * jobs it did not read; it reads again at most {@code size} rows (one read, a chunk at a
 * time), looks at most {@code 50 × size} entries, plans, writes and waits for its writes.
 * <p>
 * A job the leader acted on after the snapshot is left to the change scan without being
 * read again: the view holds a key for it newer than the snapshot's revision, or a key
 * where the snapshot saw none, or none where it saw one; or the snapshot did not read it
 * and its id is past the last one the snapshot read (created since). The change scan
 * applies every job with a {@code job_change} row since its last look, so whatever made
 * the snapshot out of date for such a job was, or is about to be, applied by it (or the
 * job's key was moved by a failover); what it missed, a write committed later than its
 * window, is left to the next full reconcile, as is every job that changed after a
 * snapshot. That is what a correction did with such a job once it had read it again;
 * telling it from the view spares the read: after a million jobs created while a snapshot
 * was read, those the change scan has placed by the time the snapshot is applied are not
 * read again. One its slices have not reached yet is read again and placed here, like any
 * job without a key, and the scan's slice then finds its key in place.
 * <p>
 * Every other job the snapshot shows wrong is checked against the present as its slice
 * reads it: its row must be the version the snapshot compared, and the view must still
 * hold the key the snapshot saw, else it too is left as it is. The snapshot's keys of
 * jobs that no longer exist are deleted, each delete guarded by the key's revision.
 * <p>
 * Only the term that read the snapshot applies it: the loop drops the slices left when
 * its term ends or a step fails. What comes next then (the next term, or this one after a
 * failed step) compares every row with every key on the decision thread before anything
 * else, from the present, so an older snapshot has nothing left to add; and a deposed
 * term's writes would be refused by its fence anyway.
 */
final class ReconcileCorrection {

	private static final Logger log = LoggerFactory.getLogger(ReconcileCorrection.class);

	/** Entries a slice may look at per row it may read again. */
	private static final int LOOKS_PER_READ = 50;

	private final ReconcileParts parts;

	private final ReconcileSnapshot snapshot;

	private final int size;

	private int nextRow;

	/** The jobs the state knew once the snapshot's rows were looked at; null before. */
	private List<Long> known;

	private int nextKnown;

	/** The snapshot's keys, looked at once the known jobs were; null before. */
	private Iterator<Map.Entry<Long, List<Placement>>> keys;

	private int slices;

	private long nanos;

	private int reread;

	private int changedSince;

	private int leftUnread;

	private int creates;

	private int updates;

	private int moves;

	private int deletes;

	ReconcileCorrection(ReconcileParts parts, ReconcileSnapshot snapshot, int size) {
		this.parts = parts;
		this.snapshot = snapshot;
		this.size = Math.max(1, size);
	}

	/** The slices applied so far. */
	int slices() {
		return this.slices;
	}

	/** Whether every row and key of the snapshot was looked at. */
	boolean done() {
		return this.keys != null && !this.keys.hasNext();
	}

	/**
	 * Applies the next slice and waits for its writes.
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> next() throws InterruptedException {
		long started = System.nanoTime();
		Slice slice = new Slice(new ReconcilePlan(this.parts.chooser()), new ReconcilePlan(this.parts.chooser()));
		int looks = 0;
		while (looks < this.size * LOOKS_PER_READ && slice.reads() < this.size && slice.plan.deletes.size() < this.size
				&& lookAtNext(slice)) {
			looks++;
		}
		Map<String, Integer> movedOffDead = apply(slice);
		advance();
		this.slices++;
		this.nanos += System.nanoTime() - started;
		if (done()) {
			log.info(
					"Leader epoch {} full reconcile at revision {} read off the decision thread: {} jobs; corrected "
							+ "in {} slices, {} ms on the decision thread: {} jobs read again ({} changed since and "
							+ "left as they are), {} acted on since and left to the change scan unread; {} keys "
							+ "created, {} updated, {} moved, {} deleted",
					this.parts.term().epoch(), this.snapshot.revision(), this.snapshot.rows().size(), this.slices,
					this.nanos / 1_000_000, this.reread, this.changedSince, this.leftUnread, this.creates, this.updates,
					this.moves, this.deletes);
		}
		return movedOffDead;
	}

	/** Looks at one row, known job or key; false when there are none left. */
	private boolean lookAtNext(Slice slice) {
		advance();
		if (this.nextRow < this.snapshot.rows().size()) {
			lookAtRow(this.snapshot.rows().get(this.nextRow++), slice);
			return true;
		}
		if (this.nextKnown < this.known.size()) {
			lookAtKnown(this.known.get(this.nextKnown++), slice);
			return true;
		}
		if (this.keys.hasNext()) {
			lookAtKey(this.keys.next(), slice);
			return true;
		}
		return false;
	}

	/** Takes the next list to look at once the one before is through. */
	private void advance() {
		if (this.known == null && this.nextRow >= this.snapshot.rows().size()) {
			this.known = this.parts.state().jobIds();
		}
		if (this.keys == null && this.known != null && this.nextKnown >= this.known.size()) {
			this.keys = this.snapshot.keys().entrySet().iterator();
		}
	}

	private void lookAtRow(ReconcileSnapshot.Row row, Slice slice) {
		List<Placement> held = this.snapshot.keys().get(row.id());
		if (actedOnSince(row.id(), held)) {
			// its agent_id column was mirrored when its key was written, after this row
			this.leftUnread++;
			return;
		}
		slice.columns.put(row.id(), row.agentId());
		int planned = slice.probe.writes();
		// decides as the reconcile at a term start would, only to find the jobs to read
		slice.probe.classify(row.asJobRow(), row.job(), held);
		if (slice.probe.writes() > planned || !row.job().equals(this.parts.state().job(row.id()))) {
			slice.compared.put(row.id(), row);
		}
	}

	/** A job the state knows: created since the snapshot, or deleted. */
	private void lookAtKnown(long jobId, Slice slice) {
		if (this.snapshot.hasRow(jobId)) {
			return;
		}
		Placement current = this.parts.view().get(jobId);
		if (jobId > this.snapshot.lastId() || current != null && current.modRevision() > this.snapshot.revision()) {
			this.leftUnread++;
			return;
		}
		slice.unknown.add(jobId);
	}

	/** A key of a job that no longer exists; each delete is guarded by its revision. */
	private void lookAtKey(Map.Entry<Long, List<Placement>> key, Slice slice) {
		if (!this.snapshot.hasRow(key.getKey())) {
			slice.plan.deletes.addAll(key.getValue());
		}
	}

	/**
	 * Whether the view no longer holds the key the snapshot saw for the job (or holds one
	 * where the snapshot saw none): the leader wrote or deleted its key since.
	 */
	private boolean actedOnSince(long jobId, List<Placement> held) {
		Placement current = this.parts.view().get(jobId);
		List<Placement> found = (held != null) ? held : List.of();
		if (current == null) {
			return !found.isEmpty();
		}
		return current.modRevision() > this.snapshot.revision()
				|| found.stream().noneMatch((key) -> sameKey(key, current));
	}

	private Map<String, Integer> apply(Slice slice) throws InterruptedException {
		Set<Long> ids = new HashSet<>(slice.compared.keySet());
		ids.addAll(slice.unknown);
		Map<Long, JobRow> now = Map.of();
		if (!ids.isEmpty()) {
			this.parts.gate().rereads(ids);
			now = this.parts.jobTable().rows(ids);
			this.reread += ids.size();
		}
		ReconcilePlan plan = slice.plan;
		for (Map.Entry<Long, ReconcileSnapshot.Row> compared : slice.compared.entrySet()) {
			long jobId = compared.getKey();
			JobRow row = now.get(jobId);
			if (row == null) {
				this.parts.forgetDeleted(jobId);
				continue;
			}
			PlaceableJob job = row.state();
			this.parts.state().putJob(job);
			ReconcileSnapshot.Row before = compared.getValue();
			if (before.version() != row.version() || before.enabled() != row.enabled()
					|| !planIfUnchanged(plan, row, job, this.snapshot.keys().get(jobId))) {
				// changed since the snapshot: the change scan applies it
				this.changedSince++;
			}
		}
		for (Long jobId : slice.unknown) {
			JobRow row = now.get(jobId);
			if (row == null) {
				this.parts.forgetDeleted(jobId);
			}
			else {
				this.parts.state().putJob(row.state());
			}
		}
		this.creates += plan.creates.size();
		this.updates += plan.updates.size();
		this.moves += plan.moves.size();
		this.deletes += plan.deletes.size();
		Map<String, Integer> movedOffDead = this.parts.planWriter().write(plan, this::heldByView);
		this.parts.mirror().correct(slice.columns);
		return movedOffDead;
	}

	/**
	 * Plans a job's corrections when the view still holds the key the snapshot saw (or
	 * none, when the snapshot saw none), so each write is made from what the view counts.
	 * @return false when the job's key changed after the snapshot
	 */
	private boolean planIfUnchanged(ReconcilePlan plan, JobRow row, PlaceableJob job, List<Placement> held) {
		if (actedOnSince(row.id(), held)) {
			return false;
		}
		Placement current = this.parts.view().get(row.id());
		if (current == null) {
			plan.classify(row, job, null);
			return true;
		}
		// the view's key first, so it is the one kept when it still fits
		List<Placement> ordered = new ArrayList<>(held.size());
		ordered.add(current);
		held.stream().filter((key) -> !sameKey(key, current)).forEach(ordered::add);
		ReconcilePlan one = new ReconcilePlan(this.parts.chooser());
		one.classify(row, job, ordered);
		if (!one.primaries.isEmpty() && !one.primaries.contains(current)) {
			// another of its keys would be kept: a state the view cannot count, for the
			// reconcile of the next term start
			return false;
		}
		plan.addAll(one);
		return true;
	}

	private boolean heldByView(Placement placement) {
		return sameKey(placement, this.parts.view().get(placement.jobId()));
	}

	private static boolean sameKey(Placement key, Placement other) {
		return other != null && key.agentId().equals(other.agentId()) && key.modRevision() == other.modRevision();
	}

	/**
	 * What one slice looked at.
	 *
	 * @param probe what the reconcile at a term start would write, only to find the jobs
	 * to read again
	 * @param plan what the slice writes
	 * @param compared the snapshot's rows of the jobs to read again
	 * @param unknown the jobs the state knows, the snapshot did not read, to read again
	 * @param columns the snapshot's {@code agent_id} of the rows to mirror
	 */
	private record Slice(ReconcilePlan probe, ReconcilePlan plan, Map<Long, ReconcileSnapshot.Row> compared,
			List<Long> unknown, Map<Long, String> columns) {

		Slice(ReconcilePlan probe, ReconcilePlan plan) {
			this(probe, plan, new HashMap<>(), new ArrayList<>(), new HashMap<>());
		}

		int reads() {
			return this.compared.size() + this.unknown.size();
		}

	}

}
