package io.crony.common.etcd;

import org.junit.jupiter.api.Test;

import io.crony.common.etcd.CronyKeys.NodeKey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CronyKeysTest {

	private final CronyKeys keys = new CronyKeys("/crony");

	@Test
	void buildsTheDocumentedLayout() {
		assertThat(this.keys.node("a1")).isEqualTo("/crony/node/a1");
		assertThat(this.keys.job("a1", 42)).isEqualTo("/crony/node/a1/job/42");
		assertThat(this.keys.once("a1", 7)).isEqualTo("/crony/once/a1/7");
		assertThat(this.keys.kill("a1", 7)).isEqualTo("/crony/kill/a1/7");
		assertThat(this.keys.webElection()).isEqualTo("/crony/election/web");
		assertThat(this.keys.executionTokenKey()).isEqualTo("/crony/config/execution-token-key");
		assertThat(this.keys.spool("a1")).isEqualTo("/crony/spool/a1");
		assertThat(this.keys.stopMark("a1")).isEqualTo("/crony/stopped/a1");
	}

	@Test
	void parsesSpoolKeys() {
		assertThat(this.keys.parseSpoolKey("/crony/spool/a1")).contains("a1");
		assertThat(this.keys.parseSpoolKey("/crony/spool/")).isEmpty();
		assertThat(this.keys.parseSpoolKey("/crony/spool/a1/x")).isEmpty();
		assertThat(this.keys.parseSpoolKey("/crony/node/a1")).isEmpty();
	}

	@Test
	void normalizesThePrefix() {
		assertThat(new CronyKeys("test-1/").node("a")).isEqualTo("/test-1/node/a");
		assertThat(new CronyKeys(null).prefix()).isEqualTo("/crony");
	}

	@Test
	void parsesAgentAndAssignmentKeys() {
		assertThat(this.keys.parseNodeKey("/crony/node/a1")).contains(new NodeKey.Agent("a1"));
		assertThat(this.keys.parseNodeKey("/crony/node/a1/job/42")).contains(new NodeKey.Assignment("a1", 42));
		assertThat(this.keys.parseNodeKey("/crony/node/a1/other/42")).isEmpty();
		assertThat(this.keys.parseNodeKey("/crony/node/a1/job/x")).isEmpty();
		assertThat(this.keys.parseNodeKey("/crony/once/a1/1")).isEmpty();
		assertThat(this.keys.parseExecutionId("/crony/once/a1/99")).contains(99L);
	}

	@Test
	void rejectsAgentIdsThatWouldBreakTheLayout() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.node("a/b"));
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.node(" "));
	}

}
