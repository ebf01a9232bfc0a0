package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.placement.AgentCandidate;
import io.etcd.jetcd.KeyValue;

import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Moves the fewest jobs needed so that each live, undrained agent holds its weight's
 * share: quotas are the exact shares rounded down, the remainder going to the largest
 * fractions; only agents above their quota give jobs, only to agents below theirs whose
 * labels the job accepts.
 */
final class Rebalancer {

	private final LeaderSession session;

	Rebalancer(LeaderSession session) {
		this.session = session;
	}

	/**
	 * @return jobs moved
	 */
	int rebalance() throws InterruptedException {
		LeaderSession s = this.session;
		List<AgentCandidate> eligible = s.agents.values().stream().filter((agent) -> !agent.drained()).toList();
		if (eligible.size() < 2) {
			return 0;
		}
		Map<String, Integer> quotas = quotas(eligible);
		List<CompletableFuture<Boolean>> moves = new ArrayList<>();
		for (AgentCandidate agent : eligible) {
			if (s.view.held(agent.id()) <= quotas.get(agent.id())) {
				continue;
			}
			List<KeyValue> kvs = new ArrayList<>();
			s.scanner.scan(s.keys.jobs(agent.id()), 0, kvs::add);
			for (KeyValue kv : kvs) {
				if (s.view.held(agent.id()) <= quotas.get(agent.id())) {
					break;
				}
				var key = s.keys.parseNodeKey(string(kv.getKey()));
				if (key.isEmpty() || !(key.get() instanceof NodeKey.Assignment assignment)) {
					continue;
				}
				PlaceableJob job = s.jobs.get(assignment.jobId());
				if (job == null || !job.enabled()) {
					continue;
				}
				AgentCandidate target = null;
				int deficit = 0;
				for (AgentCandidate candidate : eligible) {
					int gap = quotas.get(candidate.id()) - s.view.held(candidate.id());
					if (gap > deficit && candidate.matches(job.assignment().labels())) {
						target = candidate;
						deficit = gap;
					}
				}
				if (target != null) {
					Placement from = new Placement(assignment.jobId(), agent.id(), kv.getModRevision(),
							LeaderSession.versionOf(kv));
					moves.add(s.writer.move(from, target.id(), from.version(), s.reissue(kv), "rebalance"));
				}
			}
		}
		s.writer.drain();
		s.flushMirror();
		return (int) moves.stream().filter(CompletableFuture::join).count();
	}

	private Map<String, Integer> quotas(List<AgentCandidate> eligible) {
		LeaderSession s = this.session;
		long total = 0;
		long weights = 0;
		for (AgentCandidate agent : eligible) {
			total += s.view.held(agent.id());
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
