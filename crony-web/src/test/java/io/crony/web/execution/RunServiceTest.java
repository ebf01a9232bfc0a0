package io.crony.web.execution;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A manual run's instant: the request's millisecond, off the whole seconds scheduled
 * fires take.
 */
class RunServiceTest {

	@Test
	void aRequestOnAWholeSecondTakesTheMillisecondAfterItAndAnyOtherKeepsItsOwn() {
		Instant second = Instant.parse("2026-11-30T06:00:00Z");
		assertThat(RunService.offTheSecond(second)).isEqualTo(Instant.parse("2026-11-30T06:00:00.001Z"));
		assertThat(RunService.offTheSecond(second.plusMillis(1))).isEqualTo(second.plusMillis(1));
		assertThat(RunService.offTheSecond(second.plusMillis(999))).isEqualTo(second.plusMillis(999));
	}

}
