package io.crony.web.cluster.placement;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FewestJobsTest {

	private final FewestJobs strategy = new FewestJobs();

	@Test
	void picksTheAgentHoldingFewestJobs() {
		Map<String, Integer> held = Map.of("a", 5, "b", 2, "c", 9);

		assertThat(this.strategy.pick(List.of(agent("a", 1), agent("b", 1), agent("c", 1)), held::get)).contains("b");
	}

	@Test
	void breaksTiesByHigherWeightThenId() {
		Map<String, Integer> held = Map.of("a", 2, "b", 2, "c", 2);

		assertThat(this.strategy.pick(List.of(agent("a", 1), agent("b", 3), agent("c", 3)), held::get)).contains("b");
	}

	private static AgentCandidate agent(String id, int weight) {
		return new AgentCandidate(id, weight, Map.of(), false);
	}

}
