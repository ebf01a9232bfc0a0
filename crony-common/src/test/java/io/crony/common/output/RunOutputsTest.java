package io.crony.common.output;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RunOutputsTest {

	@Test
	void publishesTheOutputsMemberOfAJsonAnswerAsCompactJson() {
		assertThat(RunOutputs.fromAnswer("{\"ok\": true, \"outputs\": {\"day\": \"20261128\", \"rows\": 42}}"))
			.isEqualTo("{\"day\":\"20261128\",\"rows\":42}");
		assertThat(RunOutputs.fromAnswer("{\"ok\": true}")).isNull();
		assertThat(RunOutputs.fromAnswer("done")).isNull();
		assertThat(RunOutputs.fromAnswer("{not json")).isNull();
		assertThat(RunOutputs.fromAnswer(null)).isNull();
		assertThat(RunOutputs.publish(" ")).isNull();
	}

	@Test
	void refusesOutputsOverTheLimitWholeNeverCut() {
		String atLimit = "{\"v\":\"" + "x".repeat(RunOutputs.LIMIT - 8) + "\"}";
		assertThat(RunOutputs.publish(atLimit)).hasSize(RunOutputs.LIMIT);
		String over = "{\"v\":\"" + "x".repeat(RunOutputs.LIMIT - 7) + "\"}";
		assertThatExceptionOfType(OutputsException.class).isThrownBy(() -> RunOutputs.publish(over))
			.withMessageStartingWith("outputs are 4097 bytes, over the limit of 4096 bytes");
		// bytes, not characters: two-byte characters count twice
		String wide = "{\"v\":\"" + "é".repeat(RunOutputs.LIMIT / 2) + "\"}";
		assertThatExceptionOfType(OutputsException.class).isThrownBy(() -> RunOutputs.publish(wide))
			.withMessageContaining("over the limit of 4096 bytes");
	}

	@Test
	void refusesOutputsThatAreNotAnObject() {
		assertThatExceptionOfType(OutputsException.class)
			.isThrownBy(() -> RunOutputs.fromAnswer("{\"outputs\": [1, 2]}"))
			.withMessage("outputs must be a JSON object of named values, not an array");
		assertThatExceptionOfType(OutputsException.class).isThrownBy(() -> RunOutputs.publish("{\"a\":"))
			.withMessageStartingWith("outputs are not JSON");
	}

}
