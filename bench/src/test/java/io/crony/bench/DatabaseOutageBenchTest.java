package io.crony.bench;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DatabaseOutageBenchTest {

	@Test
	void readsTheOutageInSecondsMinutesOrHours() {
		assertThat(DatabaseOutageBench.duration("90s")).isEqualTo(Duration.ofSeconds(90));
		assertThat(DatabaseOutageBench.duration("10m")).isEqualTo(Duration.ofMinutes(10));
		assertThat(DatabaseOutageBench.duration("1h")).isEqualTo(Duration.ofHours(1));
		assertThatIllegalArgumentException().isThrownBy(() -> DatabaseOutageBench.duration("10 minutes"));
	}

	@Test
	void readsAGaugeWithoutLabelsAndNotOneWhoseNameItPrefixes() {
		String text = "# HELP crony_agent_spool_bytes x\ncrony_agent_spool_bytes_max 9.0\n"
				+ "crony_agent_spool_bytes 1234.0\ncrony_agent_spool_full{agent=\"a\"} 1.0\n";
		assertThat(DatabaseOutageBench.gauge(text, "crony_agent_spool_bytes")).isEqualTo(1234);
		assertThat(DatabaseOutageBench.gauge(text, "crony_agent_spool_full")).isEqualTo(1);
		assertThat(DatabaseOutageBench.gauge(text, "crony_agent_spool_quarantined_total")).isEqualTo(-1);
	}

}
