package io.crony.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FloorBenchTest {

	@Test
	void readsSizesWithAndWithoutTheirOwnPeriod() {
		assertThat(FloorBench.sizes("1000, 100000x60", 2)).containsExactly(new int[] { 1000, 2 },
				new int[] { 100000, 60 });
	}

}
