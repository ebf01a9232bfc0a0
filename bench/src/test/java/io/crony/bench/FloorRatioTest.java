package io.crony.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FloorRatioTest {

	@Test
	void dividesCronyByTheFloor() {
		assertThat(FloorRatio.of(33, 2)).isEqualTo("16.5");
		assertThat(FloorRatio.of(5, 5)).isEqualTo("1.0");
	}

	@Test
	void boundsTheRatioWhenTheFloorIsUnderOneMillisecond() {
		assertThat(FloorRatio.of(33, 0)).isEqualTo(">33");
	}

	@Test
	void hasNoRatioWithoutData() {
		assertThat(FloorRatio.of(0, 0)).isEqualTo("n/a");
		assertThat(FloorRatio.of(-1, 3)).isEqualTo("n/a");
		assertThat(FloorRatio.of(12, -1)).isEqualTo("n/a");
	}

}
