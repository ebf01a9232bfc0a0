package io.crony.web.dashboard;

import java.util.List;
import java.util.stream.LongStream;

import io.crony.web.dashboard.DashboardSummary.Lateness;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PercentilesTest {

	@Test
	void takesTheNearestRankOfUnsortedSamples() {
		List<Long> samples = LongStream.rangeClosed(1, 200).map((i) -> 201 - i).boxed().toList();
		assertThat(Percentiles.lateness(samples, 10_000)).isEqualTo(new Lateness(100L, 190L, 198L, 200, false));
	}

	@Test
	void aSingleSampleIsEveryPercentile() {
		assertThat(Percentiles.lateness(List.of(-3L), 10)).isEqualTo(new Lateness(-3L, -3L, -3L, 1, false));
	}

	@Test
	void saysWhenItReadOnlyAsManySamplesAsItMay() {
		assertThat(Percentiles.lateness(List.of(5L, 1L), 2).capped()).isTrue();
	}

	@Test
	void hasNoPercentileWithoutSamples() {
		assertThat(Percentiles.lateness(List.of(), 10)).isEqualTo(new Lateness(null, null, null, 0, false));
	}

}
