package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.NewAssignment;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.leadership.LeaderTerm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts jobs read from table {@code job} on agents: new ones in per-agent transactions of
 * up to {@code batchSize} keys, one that no longer fits its agent by a move. Both
 * reconcilers use it, so a job is placed the same way whichever found it.
 */
final class Assigner {

	private static final Logger log = LoggerFactory.getLogger(Assigner.class);

	private final LeaderTerm term;

	private final AgentChooser chooser;

	private final AssignmentView view;

	private final AssignmentWriter writer;

	private final int batchSize;

	Assigner(LeaderTerm term, AgentChooser chooser, AssignmentView view, AssignmentWriter writer, int batchSize) {
		this.term = term;
		this.chooser = chooser;
		this.view = view;
		this.writer = writer;
		this.batchSize = batchSize;
	}

	/** Places jobs that hold no key; those no agent may take stay unassigned. */
	void assignNew(List<JobRow> rows) throws InterruptedException {
		Map<String, List<NewAssignment>> batches = new HashMap<>();
		int unplaced = 0;
		for (JobRow row : rows) {
			PlaceableJob job;
			try {
				job = row.state();
			}
			catch (RuntimeException ex) {
				continue;
			}
			Optional<String> target = this.chooser.pick(job, null);
			if (target.isEmpty()) {
				unplaced++;
				continue;
			}
			NewAssignment assignment;
			try {
				assignment = new NewAssignment(row.id(), row.version(),
						this.writer.placedValue(row.id(), row.jobSpec(), target.get()));
				row.forget();
			}
			catch (RuntimeException ex) {
				log.warn("Job {} has an unreadable spec, not assigned: {}", row.id(), ex.getMessage());
				continue;
			}
			// counted now, so that fewest-jobs spreads the rest of this batch
			this.view.plan(target.get(), 1);
			List<NewAssignment> batch = batches.computeIfAbsent(target.get(), (id) -> new ArrayList<>());
			batch.add(assignment);
			if (batch.size() >= this.batchSize) {
				this.writer.create(target.get(), batches.remove(target.get()));
			}
		}
		for (Map.Entry<String, List<NewAssignment>> batch : batches.entrySet()) {
			this.writer.create(batch.getKey(), batch.getValue());
		}
		if (unplaced > 0) {
			log.warn("Leader epoch {}: {} jobs stay unassigned, no live agent matches them", this.term.epoch(),
					unplaced);
		}
	}

	/**
	 * Moves a job off an agent it no longer fits, with the row's current spec. When no
	 * agent may take it and its selector rules out its own (live) agent too, its key is
	 * deleted: it stops firing there and waits unassigned, counted for the
	 * {@code UNPLACED} alert, until a matching agent appears. A job on a dead agent stays
	 * under it (failover moves it when an eligible agent appears), and one on a drained
	 * agent that still matches keeps running there.
	 * @return completes with whether it moved (false at once when no agent may take it)
	 */
	CompletableFuture<Boolean> reassign(Placement from, JobRow row) throws InterruptedException {
		PlaceableJob job = row.state();
		Optional<String> target = this.chooser.pick(job, from.agentId());
		if (target.isEmpty()) {
			if (this.chooser.rulesOut(from.agentId(), job)) {
				log.warn("Job {} leaves agent {}, which its selector no longer matches; no agent may take it, "
						+ "so it waits unassigned", row.id(), from.agentId());
				return this.writer.delete(from, true).thenApply((deleted) -> false);
			}
			log.warn("Job {} on agent {} must move but no agent may take it", row.id(), from.agentId());
			return CompletableFuture.completedFuture(false);
		}
		return this.writer.move(from, target.get(), row.version(), row.jobSpec(),
				this.chooser.moveReason(from.agentId()));
	}

}
