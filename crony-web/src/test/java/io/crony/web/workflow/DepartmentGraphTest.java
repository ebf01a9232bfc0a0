package io.crony.web.workflow;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DepartmentGraphTest {

	// load(1) → reconcile(2) → (report(3), notify(4)) → close(5); archive(6) waits for
	// load only
	private static final DepartmentGraph SETTLEMENT = new DepartmentGraph(
			Map.of(2L, List.of(1L), 3L, List.of(2L), 4L, List.of(2L), 5L, List.of(3L, 4L), 6L, List.of(1L)),
			Map.of(1L, "load", 2L, "reconcile", 3L, "report", 4L, "notify", 5L, "close", 6L, "archive"));

	@Test
	void aJobsClosureIsItselfFirstThenEverythingThatDependsOnItOnce() {
		assertThat(SETTLEMENT.closure(1)).first().isEqualTo(1L);
		assertThat(SETTLEMENT.closure(1)).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L);
		assertThat(SETTLEMENT.closure(2)).containsExactlyInAnyOrder(2L, 3L, 4L, 5L);
		assertThat(SETTLEMENT.closure(4)).containsExactlyInAnyOrder(4L, 5L);
		assertThat(SETTLEMENT.closure(5)).containsExactly(5L);
	}

	@Test
	void aJobWithoutEdgesIsItsOwnClosureAndHasNoUpstreams() {
		assertThat(SETTLEMENT.closure(9)).containsExactly(9L);
		assertThat(SETTLEMENT.upstreams(9)).isEmpty();
		assertThat(SETTLEMENT.upstreams(5)).containsExactly(3L, 4L);
	}

}
