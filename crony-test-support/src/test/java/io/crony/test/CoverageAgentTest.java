package io.crony.test;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CoverageAgentTest {

	@Test
	void givesStartedProcessesTheTestJvmsAgentWithAFileOfTheirOwn() {
		CoverageAgent.Agent agent = CoverageAgent.parse(List.of("-Xmx1g",
				"-javaagent:/m2/org.jacoco.agent-0.8.15-runtime.jar=destfile=/repo/web/target/jacoco-it.exec,append=true,includes=io.crony.*"))
			.orElseThrow();

		assertThat(agent.argument("agent-1")).isEqualTo("-javaagent:/m2/org.jacoco.agent-0.8.15-runtime.jar=destfile="
				+ Path.of("/repo/web/target/jacoco-processes/agent-1.exec") + ",append=true,includes=io.crony.*");
	}

	@Test
	void givesNoneWithoutJacoco() {
		assertThat(CoverageAgent.parse(List.of("-Xmx1g", "-javaagent:/lib/other-agent.jar=x=1"))).isEmpty();
		assertThat(CoverageAgent.parse(List.of())).isEmpty();
	}

}
