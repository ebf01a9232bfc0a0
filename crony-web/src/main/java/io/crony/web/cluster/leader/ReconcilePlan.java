package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.web.cluster.assignment.Placement;

/**
 * What a full reconcile decided from comparing the rows with the keys, before it writes
 * anything: it must know every key a job holds (an interrupted earlier term may have left
 * two) before it can tell which one to keep.
 */
final class ReconcilePlan {

	private final AgentChooser chooser;

	/** The one key the view counts per job, also those about to be deleted or moved. */
	final Set<Placement> primaries = new HashSet<>();

	final List<JobRow> creates = new ArrayList<>();

	final Map<Placement, JobRow> updates = new HashMap<>();

	final Map<Placement, JobRow> moves = new HashMap<>();

	final List<Placement> deletes = new ArrayList<>();

	ReconcilePlan(AgentChooser chooser) {
		this.chooser = chooser;
	}

	/**
	 * Decides for one row.
	 * @param placements the keys the job holds, null for none
	 */
	void classify(JobRow row, PlaceableJob job, List<Placement> placements) {
		List<Placement> found = (placements != null) ? placements : List.of();
		if (!row.enabled()) {
			deleteAll(found);
			return;
		}
		Placement keep = null;
		for (Placement placement : found) {
			// of duplicates, one on a live agent rather than one awaited at the term's
			// start
			if (this.chooser.fits(placement.agentId(), job) && (keep == null
					|| !this.chooser.isLive(keep.agentId()) && this.chooser.isLive(placement.agentId()))) {
				keep = placement;
			}
		}
		Placement primary = (keep != null) ? keep : (found.isEmpty() ? null : found.get(0));
		for (Placement placement : found) {
			if (placement != primary) {
				// A duplicate (an interrupted earlier term): keep one.
				this.deletes.add(placement);
			}
		}
		if (primary == null) {
			this.creates.add(row);
			return;
		}
		this.primaries.add(primary);
		if (keep == null) {
			this.moves.put(primary, row);
		}
		else if (keep.version() != row.version()) {
			this.updates.put(keep, row);
		}
	}

	/** How many keys this plan writes. */
	int writes() {
		return this.creates.size() + this.updates.size() + this.moves.size() + this.deletes.size();
	}

	/** Takes over another plan's decisions (for other jobs). */
	void addAll(ReconcilePlan other) {
		this.primaries.addAll(other.primaries);
		this.creates.addAll(other.creates);
		this.updates.putAll(other.updates);
		this.moves.putAll(other.moves);
		this.deletes.addAll(other.deletes);
	}

	/** Deletes every key of a job that is disabled or no longer exists. */
	void deleteAll(List<Placement> placements) {
		if (placements == null || placements.isEmpty()) {
			return;
		}
		this.primaries.add(placements.get(0));
		this.deletes.addAll(placements);
	}

}
