package io.crony.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TracingCostTest {

	@Test
	void comparesEachModeWithTracingOffByTheMeanOfItsRuns() {
		TracingCost cost = new TracingCost();
		cost.add(TracingMode.OFF, 100);
		cost.add(TracingMode.JAEGER, 120);
		cost.add(TracingMode.DEAD, 103);
		cost.add(TracingMode.OFF, 100);
		cost.add(TracingMode.DEAD, 105);

		assertThat(cost.percentOverOff(TracingMode.JAEGER)).isEqualTo(20.0);
		assertThat(cost.percentOverOff(TracingMode.DEAD)).isEqualTo(4.0);
		assertThat(cost.line(1000, 1)).isEqualTo("   1000 jobs every 1 s | tracing, target lateness p99:"
				+ " off 100/100 ms; jaeger 120 ms (+20.0 % against off); dead 103/105 ms (+4.0 % against off);"
				+ " | goal, a dead collector within 5 % of off: met");
	}

	@Test
	void aDeadCollectorMoreThanFivePercentLaterMissesTheGoal() {
		TracingCost cost = new TracingCost();
		cost.add(TracingMode.OFF, 100);
		cost.add(TracingMode.DEAD, 106);

		assertThat(cost.line(1000, 1))
			.endsWith("dead 106 ms (+6.0 % against off); | goal," + " a dead collector within 5 % of off: missed");
	}

	@Test
	void withoutBothRunsTheGoalIsNotMeasured() {
		TracingCost cost = new TracingCost();
		cost.add(TracingMode.DEAD, 106);

		assertThat(cost.percentOverOff(TracingMode.DEAD)).isNaN();
		assertThat(cost.line(1000, 1)).endsWith("not measured (needs off and dead)");
	}

	@Test
	void parsesTheModesInTheirOrderWithRepeats() {
		assertThat(TracingMode.parse("off, jaeger,dead,off")).containsExactly(TracingMode.OFF, TracingMode.JAEGER,
				TracingMode.DEAD, TracingMode.OFF);
		assertThat(TracingMode.parse("")).isEmpty();
		assertThatThrownBy(() -> TracingMode.parse("zipkin")).isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void onlyTracingOnSamplesAndExports() {
		assertThat(TracingMode.OFF.agentSettings(null, 1)).isEmpty();
		assertThat(TracingMode.DEAD.agentSettings(null, 4711))
			.isEqualTo(List.of("--management.tracing.sampling.probability=1.0",
					"--management.otlp.tracing.endpoint=http://127.0.0.1:4711/v1/traces"));
	}

}
