package io.crony.web.job;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DependencyCyclesTest {

	// load(1) → reconcile(2) → report(3), notify(4) → close(5)
	private static final List<DependencyMapper.Edge> SETTLEMENT = List.of(edge(2, "reconcile", 1, "load"),
			edge(3, "report", 2, "reconcile"), edge(4, "notify", 2, "reconcile"), edge(5, "close", 3, "report"),
			edge(5, "close", 4, "notify"));

	@Test
	void twoJobsWaitingForEachOtherAreACycleNamedInTheOrderRunsFlow() {
		List<DependencyMapper.Edge> edges = List.of(edge(2, "B", 1, "A"));
		assertThat(DependencyCycles.find(1, "A", List.of(2L), edges)).containsExactly("A", "B", "A");
	}

	@Test
	void aLongCycleThroughParallelBranchesNamesOnePath() {
		List<String> cycle = DependencyCycles.find(1, "load", List.of(5L), SETTLEMENT);
		assertThat(cycle).first().isEqualTo("load");
		assertThat(cycle).last().isEqualTo("load");
		assertThat(cycle).hasSize(5).contains("reconcile", "close");
		assertThat(cycle.get(1)).isEqualTo("reconcile");
		assertThat(cycle.get(3)).isEqualTo("close");
	}

	@Test
	void aDiamondIsNoCycle() {
		assertThat(DependencyCycles.find(5, "close", List.of(3L, 4L), SETTLEMENT)).isEmpty();
		assertThat(DependencyCycles.find(6, "archive", List.of(5L, 1L), SETTLEMENT)).isEmpty();
	}

	@Test
	void theJobsOldUpstreamsDoNotCountOnlyTheNewOnes() {
		// reconcile used to wait for load; now it waits for nothing, so load may wait for
		// it
		assertThat(DependencyCycles.find(2, "reconcile", List.of(), SETTLEMENT)).isEmpty();
		assertThat(DependencyCycles.find(1, "load", List.of(2L), SETTLEMENT)).containsExactly("load", "reconcile",
				"load");
	}

	private static DependencyMapper.Edge edge(long job, String name, long upstream, String upstreamName) {
		return new DependencyMapper.Edge(job, name, upstream, upstreamName);
	}

}
