package io.crony.common.job;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LabelsTest {

	@Test
	void readsCommaSeparatedPairsAndWritesThemBackSorted() {
		Map<String, String> labels = Labels.parse(" zone=a , dept=pay,tier=");
		assertThat(labels).containsExactly(Map.entry("zone", "a"), Map.entry("dept", "pay"), Map.entry("tier", ""));
		assertThat(Labels.format(labels)).isEqualTo("dept=pay,tier=,zone=a");
		assertThat(Labels.parse("  ")).isEmpty();
	}

	@Test
	void rejectsPairsWithoutEqualsBadCharactersAndRepeatedKeys() {
		assertThatIllegalArgumentException().isThrownBy(() -> Labels.parse("dept")).withMessageContaining("'dept'");
		assertThatIllegalArgumentException().isThrownBy(() -> Labels.parse("dept=pay,,zone=a"))
			.withMessageContaining("not key=value");
		assertThatIllegalArgumentException().isThrownBy(() -> Labels.parse("de pt=pay"))
			.withMessageContaining("label key 'de pt'");
		assertThatIllegalArgumentException().isThrownBy(() -> Labels.parse("dept=pay=x"))
			.withMessageContaining("label value 'pay=x'");
		assertThatIllegalArgumentException().isThrownBy(() -> Labels.parse("dept=a,dept=b"))
			.withMessageContaining("given twice");
	}

	@Test
	void findsTheFirstInvalidKeyOrValueOfAMap() {
		assertThat(Labels.problem(Map.of("dept", "pay", "k8s.io/zone", "eu-1"))).isEmpty();
		assertThat(Labels.problem(Map.of("-dept", "pay"))).hasValueSatisfying((m) -> assertThat(m).contains("'-dept'"));
		assertThat(Labels.problem(Map.of("dept", "x".repeat(64)))).isPresent();
		Map<String, String> nullValue = new HashMap<>();
		nullValue.put("dept", null);
		assertThat(Labels.problem(nullValue)).isPresent();
	}

}
