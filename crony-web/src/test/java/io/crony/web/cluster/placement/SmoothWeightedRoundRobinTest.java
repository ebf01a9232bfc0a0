package io.crony.web.cluster.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SmoothWeightedRoundRobinTest {

	private final SmoothWeightedRoundRobin strategy = new SmoothWeightedRoundRobin();

	@Test
	void picksLikeNginxForWeightsFiveOneOne() {
		List<AgentCandidate> agents = List.of(agent("a", 5), agent("b", 1), agent("c", 1));

		assertThat(picks(agents, 7)).containsExactly("a", "a", "b", "a", "c", "a", "a");
		assertThat(picks(agents, 7)).containsExactly("a", "a", "b", "a", "c", "a", "a");
	}

	@Test
	void givesEachAgentItsExactShareOverWholeCycles() {
		List<AgentCandidate> agents = List.of(agent("a", 1), agent("b", 2), agent("c", 3));

		Map<String, Integer> counts = new HashMap<>();
		picks(agents, 600).forEach((id) -> counts.merge(id, 1, Integer::sum));

		assertThat(counts).containsEntry("a", 100).containsEntry("b", 200).containsEntry("c", 300);
	}

	@Test
	void spreadsEqualWeightsInTurn() {
		assertThat(picks(List.of(agent("a", 1), agent("b", 1), agent("c", 1)), 6)).containsExactly("a", "b", "c", "a",
				"b", "c");
	}

	@Test
	void startsAReturningAgentFromZero() {
		List<AgentCandidate> agents = List.of(agent("a", 1), agent("b", 1));
		picks(agents, 1);
		this.strategy.retain(java.util.Set.of());

		assertThat(picks(agents, 2)).containsExactly("a", "b");
	}

	private List<String> picks(List<AgentCandidate> agents, int count) {
		List<String> picks = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			picks.add(this.strategy.pick(agents, (id) -> 0).orElseThrow());
		}
		return picks;
	}

	private static AgentCandidate agent(String id, int weight) {
		return new AgentCandidate(id, weight, Map.of(), false);
	}

}
