package io.crony.web.cluster.placement;

import java.util.ArrayList;
import java.util.HashMap;
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

	@Test
	void roundRobinSpreadsOnlyOverTheEligibleAgentsByWeight() {
		List<AgentCandidate> agents = List.of(new AgentCandidate("pay-1", 3, Map.of("dept", "pay"), false),
				new AgentCandidate("pay-2", 1, Map.of("dept", "pay"), false),
				new AgentCandidate("plain", 5, Map.of(), false));
		AssignmentSpec pay = new AssignmentSpec(null, Map.of("dept", "pay"));
		Map<String, Integer> counts = new HashMap<>();

		for (int i = 0; i < 40; i++) {
			counts.merge(this.placer.pick(pay, agents, null, (id) -> 0).orElseThrow(), 1, Integer::sum);
		}

		assertThat(counts).containsOnlyKeys("pay-1", "pay-2").containsEntry("pay-1", 30).containsEntry("pay-2", 10);
	}

	@Test
	void fewestJobsCountsOnlyTheEligibleAgentsAndFailoverOnlyReachesEligibleSurvivors() {
		List<AgentCandidate> agents = List.of(new AgentCandidate("empty", 1, Map.of(), false),
				new AgentCandidate("pay-1", 1, Map.of("dept", "pay"), false),
				new AgentCandidate("pay-2", 1, Map.of("dept", "pay"), false));
		AssignmentSpec pay = new AssignmentSpec(AssignmentStrategy.FEWEST_JOBS, Map.of("dept", "pay"));
		Map<String, Integer> held = Map.of("empty", 0, "pay-1", 5, "pay-2", 3);

		assertThat(this.placer.pick(pay, agents, null, held::get)).contains("pay-2");
		for (int i = 0; i < 5; i++) {
			assertThat(this.placer.pick(pay, agents, "pay-2", held::get)).contains("pay-1");
			assertThat(this.placer.pick(new AssignmentSpec(null, Map.of("dept", "pay")), agents, "pay-1", held::get))
				.contains("pay-2");
		}
	}

	@Test
	void seesAnAgentThatJoinedOnceItIsGivenANewAgentList() {
		AssignmentSpec pay = new AssignmentSpec(null, Map.of("dept", "pay"));
		List<AgentCandidate> agents = new ArrayList<>(List.of(new AgentCandidate("plain", 1, Map.of(), false)));
		assertThat(this.placer.pick(pay, List.copyOf(agents), null, (id) -> 0)).isEmpty();

		agents.add(new AgentCandidate("pay", 1, Map.of("dept", "pay"), false));

		assertThat(this.placer.pick(pay, List.copyOf(agents), null, (id) -> 0)).contains("pay");
	}

}
