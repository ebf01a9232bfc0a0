package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.placement.AgentCandidate;

/**
 * Moves the fewest jobs needed so that each live, undrained agent holds its weight's
 * share: quotas are the exact shares rounded down, the remainder going to the largest
 * fractions; only agents above their quota give jobs, only to agents below theirs whose
 * labels the job accepts.
 */
final class Rebalancer {

	private final StoredAssignments stored;

	private final LeaderState state;

	private final AssignmentView view;

	private final AssignmentWriter writer;

	private final AgentIdMirror mirror;

	Rebalancer(StoredAssignments stored, LeaderState state, AssignmentView view, AssignmentWriter writer,
			AgentIdMirror mirror) {
		this.stored = stored;
		this.state = state;
		this.view = view;
		this.writer = writer;
		this.mirror = mirror;
	}

	/**
	 * @return jobs moved
	 */
	int rebalance() throws InterruptedException {
		List<AgentCandidate> eligible = this.state.agents().stream().filter((agent) -> !agent.drained()).toList();
		if (eligible.size() < 2) {
			return 0;
		}
		Map<String, Integer> quotas = quotas(eligible);
		List<CompletableFuture<Boolean>> moves = new ArrayList<>();
		for (AgentCandidate agent : eligible) {
			if (this.view.held(agent.id()) <= quotas.get(agent.id())) {
				continue;
			}
			for (StoredAssignments.Stored key : this.stored.on(agent.id())) {
				if (this.view.held(agent.id()) <= quotas.get(agent.id())) {
					break;
				}
				PlaceableJob job = this.state.job(key.jobId());
				// an unreadable value stays where it is: the full reconcile rewrites it
				if (job == null || !job.enabled() || key.readSpec() == null) {
					continue;
				}
				AgentCandidate target = null;
				int deficit = 0;
				for (AgentCandidate candidate : eligible) {
					int gap = quotas.get(candidate.id()) - this.view.held(candidate.id());
					if (gap > deficit && candidate.matches(job.assignment().labels())) {
						target = candidate;
						deficit = gap;
					}
				}
				if (target != null) {
					Placement from = key.placement();
					moves.add(this.writer.move(from, target.id(), from.version(), key.spec(), "rebalance"));
				}
			}
		}
		this.writer.drain();
		this.mirror.flush();
		return (int) moves.stream().filter(CompletableFuture::join).count();
	}

	private Map<String, Integer> quotas(List<AgentCandidate> eligible) {
		long total = 0;
		long weights = 0;
		for (AgentCandidate agent : eligible) {
			total += this.view.held(agent.id());
			weights += agent.weight();
		}
		Map<String, Integer> quotas = new HashMap<>();
		Map<String, Double> fractions = new HashMap<>();
		long given = 0;
		for (AgentCandidate agent : eligible) {
			double share = (double) total * agent.weight() / weights;
			quotas.put(agent.id(), (int) Math.floor(share));
			fractions.put(agent.id(), share - Math.floor(share));
			given += (long) Math.floor(share);
		}
		List<AgentCandidate> byFraction = new ArrayList<>(eligible);
		byFraction.sort(Comparator.comparingDouble((AgentCandidate agent) -> fractions.get(agent.id()))
			.reversed()
			.thenComparing(AgentCandidate::id));
		for (int i = 0; i < total - given; i++) {
			quotas.merge(byFraction.get(i).id(), 1, Integer::sum);
		}
		return quotas;
	}

}
