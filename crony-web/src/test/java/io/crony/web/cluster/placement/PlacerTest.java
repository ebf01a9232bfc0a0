package io.crony.web.cluster.placement;

import java.util.List;
import java.util.Map;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlacerTest {

	private final Placer placer = new Placer(AssignmentStrategy.WEIGHTED_ROUND_ROBIN);

	private final List<AgentCandidate> agents = List.of(new AgentCandidate("a", 1, Map.of("zone", "a"), false),
			new AgentCandidate("b", 1, Map.of("zone", "b", "gpu", "yes"), false),
			new AgentCandidate("c", 1, Map.of("zone", "b"), true));

	@Test
	void placesOnlyOnAgentsCarryingEveryLabelOfTheSelector() {
		AssignmentSpec spec = new AssignmentSpec(null, Map.of("zone", "b", "gpu", "yes"));

		for (int i = 0; i < 5; i++) {
			assertThat(this.placer.pick(spec, this.agents, null, (id) -> 0)).contains("b");
		}
	}

	@Test
	void neverPlacesOnDrainedOrExcludedAgents() {
		AssignmentSpec spec = new AssignmentSpec(null, Map.of("zone", "b"));

		assertThat(this.placer.pick(spec, this.agents, null, (id) -> 0)).contains("b");
		assertThat(this.placer.pick(spec, this.agents, "b", (id) -> 0)).isEmpty();
	}

	@Test
	void followsTheJobsOwnStrategyOverTheClusterDefault() {
		AssignmentSpec fewest = new AssignmentSpec(AssignmentStrategy.FEWEST_JOBS, Map.of());
		Map<String, Integer> held = Map.of("a", 0, "b", 7, "c", 0);

		for (int i = 0; i < 3; i++) {
			assertThat(this.placer.pick(fewest, this.agents, null, held::get)).contains("a");
		}
	}

}
