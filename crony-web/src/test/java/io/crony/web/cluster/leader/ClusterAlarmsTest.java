package io.crony.web.cluster.leader;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.cluster.placement.AgentCandidate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClusterAlarmsTest {

	@Test
	void saysWhyEachSelectorsJobsWaitMostJobsFirst() {
		Map<Map<String, String>, Integer> waiting = new LinkedHashMap<>();
		waiting.put(Map.of("dept", "pay"), 1);
		waiting.put(Map.of("zone", "b", "gpu", "yes"), 3);
		waiting.put(Map.of(), 2);
		List<AgentCandidate> agents = List.of(new AgentCandidate("plain", 1, Map.of(), false),
				new AgentCandidate("gpu", 1, Map.of("zone", "b", "gpu", "yes"), true));

		assertThat(ClusterAlarms.reasons(waiting, agents)).containsExactly(
				"every live agent matching gpu=yes,zone=b is drained (3 jobs)", "not placed yet (2 jobs)",
				"no live agent matches dept=pay (1 job)");
	}

}
