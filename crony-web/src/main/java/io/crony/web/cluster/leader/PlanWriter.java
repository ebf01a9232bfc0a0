package io.crony.web.cluster.leader;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;

/**
 * Writes what a full reconcile planned (at a term start, or a slice of a periodic one's
 * corrections) and waits until every write has committed or failed.
 */
final class PlanWriter {

	private final LeaderState state;

	private final AssignmentWriter writer;

	private final Assigner assigner;

	PlanWriter(LeaderState state, AssignmentWriter writer, Assigner assigner) {
		this.state = state;
		this.writer = writer;
		this.assigner = assigner;
	}

	/**
	 * @param counted whether a deleted key is the one the view counts for its job
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> write(ReconcilePlan plan, Predicate<Placement> counted) throws InterruptedException {
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
