package io.crony.web.cluster.placement;

import java.util.List;
import java.util.Map;

import io.crony.common.reason.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EligibilityTest {

	private final AgentCandidate plain = new AgentCandidate("plain", 1, Map.of(), false);

	private final AgentCandidate pay = new AgentCandidate("pay", 1, Map.of("dept", "pay", "zone", "a"), false);

	private final AgentCandidate drainedPay = new AgentCandidate("pay-2", 1, Map.of("dept", "pay"), true);

	@Test
	void aJobWithoutSelectorFitsAnyUndrainedAgent() {
		assertThat(Eligibility.reason(Map.of(), List.of(this.drainedPay, this.plain))).isEmpty();
	}

	@Test
	void aSelectorNeedsEveryLabelOnOneUndrainedAgent() {
		assertThat(Eligibility.reason(Map.of("dept", "pay", "zone", "a"), List.of(this.plain, this.pay))).isEmpty();
		assertThat(Eligibility.reason(Map.of("zone", "a", "dept", "pay"), List.of(this.plain))).map(Reason::text)
			.contains("no live agent matches dept=pay,zone=a");
		assertThat(Eligibility.reason(Map.of("dept", "pay", "zone", "b"), List.of(this.plain, this.pay)))
			.map(Reason::text)
			.contains("no live agent matches dept=pay,zone=b");
	}

	@Test
	void saysWhenTheOnlyMatchingAgentsAreDrainedOrNoAgentIsAlive() {
		assertThat(Eligibility.reason(Map.of("dept", "pay"), List.of(this.plain, this.drainedPay))).map(Reason::text)
			.contains("every live agent matching dept=pay is drained");
		assertThat(Eligibility.reason(Map.of(), List.of(this.drainedPay))).map(Reason::text)
			.contains("every live agent is drained");
		assertThat(Eligibility.reason(Map.of("dept", "pay"), List.of())).map(Reason::text).contains("no live agent");
	}

}
