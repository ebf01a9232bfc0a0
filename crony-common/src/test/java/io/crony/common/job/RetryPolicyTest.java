package io.crony.common.job;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.random.RandomGenerator;

import io.crony.common.json.CronyJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RetryPolicyTest {

	/** A random source that must not be asked: the wait has no jitter. */
	private static final RandomGenerator NO_RANDOM = () -> {
		throw new AssertionError("no jitter expected");
	};

	@Test
	void waitsTheFixedBackoffBeforeEveryRetry() {
		RetryPolicy retry = new RetryPolicy(5, 7);
		assertThat(retry.delayBefore(1, NO_RANDOM)).isZero();
		for (int attempt = 2; attempt <= 5; attempt++) {
			assertThat(retry.delayBefore(attempt, NO_RANDOM)).isEqualTo(Duration.ofSeconds(7));
		}
		assertThat(RetryPolicy.NONE.delayBefore(2, NO_RANDOM)).isZero();
	}

	@Test
	void growsTheExponentialBackoffByTheMultiplierUpToTheMaximum() {
		RetryPolicy retry = RetryPolicy.exponential(10, 1, 2.0, 30, 0);
		assertThat(List.of(2, 3, 4, 5, 6, 7, 8).stream().map((attempt) -> retry.delayBefore(attempt, NO_RANDOM)))
			.containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8),
					Duration.ofSeconds(16), Duration.ofSeconds(30), Duration.ofSeconds(30));
	}

	@Test
	void keepsFractionsOfASecondOfAFractionalMultiplier() {
		RetryPolicy retry = RetryPolicy.exponential(5, 3, 1.5, 60, 0);
		assertThat(retry.delayBefore(2, NO_RANDOM)).isEqualTo(Duration.ofMillis(3000));
		assertThat(retry.delayBefore(3, NO_RANDOM)).isEqualTo(Duration.ofMillis(4500));
		assertThat(retry.delayBefore(4, NO_RANDOM)).isEqualTo(Duration.ofMillis(6750));
	}

	@Test
	void keepsEveryJitteredWaitWithinItsBoundsAndVariesIt() {
		RetryPolicy retry = RetryPolicy.exponential(10, 2, 3.0, 40, 0.25);
		Random random = new Random(20261125);
		long[] ceilings = { 0, 0, 2000, 6000, 18000, 40000, 40000 };
		for (int attempt = 2; attempt < ceilings.length; attempt++) {
			long ceiling = ceilings[attempt];
			long floor = (long) Math.floor(ceiling * 0.75);
			Set<Long> seen = new HashSet<>();
			long sum = 0;
			for (int draw = 0; draw < 10_000; draw++) {
				long millis = retry.delayBefore(attempt, random).toMillis();
				assertThat(millis).isBetween(floor, ceiling);
				seen.add(millis);
				sum += millis;
			}
			// uniform over the range: many distinct values, the mean near its middle
			assertThat(seen).hasSizeGreaterThan(100);
			assertThat((double) sum / 10_000).isCloseTo(ceiling * 0.875, within(ceiling * 0.01));
		}
	}

	@Test
	void spreadsAFullJitterOverTheWholeWaitAndAFixedOneToo() {
		Random random = new Random(7);
		RetryPolicy full = RetryPolicy.exponential(3, 4, 2.0, 60, 1.0);
		RetryPolicy fixed = new RetryPolicy(3, 10, BackoffStrategy.FIXED, null, null, 0.5);
		long fullMin = Long.MAX_VALUE;
		long fixedMin = Long.MAX_VALUE;
		long fixedMax = 0;
		for (int draw = 0; draw < 10_000; draw++) {
			long fullWait = full.delayBefore(3, random).toMillis();
			assertThat(fullWait).isBetween(0L, 8000L);
			fullMin = Math.min(fullMin, fullWait);
			long fixedWait = fixed.delayBefore(2, random).toMillis();
			assertThat(fixedWait).isBetween(5000L, 10000L);
			fixedMin = Math.min(fixedMin, fixedWait);
			fixedMax = Math.max(fixedMax, fixedWait);
		}
		assertThat(fullMin).isLessThan(100);
		assertThat(fixedMin).isLessThan(5100);
		assertThat(fixedMax).isGreaterThan(9900);
	}

	@ParameterizedTest
	@ValueSource(ints = { 64, 1_000, 100_000, Integer.MAX_VALUE })
	void neverOverflowsAtLargeAttemptNumbers(int attempt) {
		assertThat(RetryPolicy.exponential(10, 1, 10.0, 86400, 0).delayBefore(attempt, NO_RANDOM))
			.isEqualTo(Duration.ofSeconds(86400));
		assertThat(RetryPolicy.exponential(10, 3600, 10.0, Integer.MAX_VALUE, 0).delayBefore(attempt, NO_RANDOM))
			.isEqualTo(Duration.ofSeconds(Integer.MAX_VALUE));
		Duration jittered = RetryPolicy.exponential(10, 1, 2.0, 60, 0.5).delayBefore(attempt, new Random(attempt));
		assertThat(jittered).isBetween(Duration.ofSeconds(30), Duration.ofSeconds(60));
		assertThat(new RetryPolicy(10, 5).delayBefore(attempt, NO_RANDOM)).isEqualTo(Duration.ofSeconds(5));
	}

	@Test
	void readsValuesTheApiNeverSavesLeniently() {
		RetryPolicy odd = new RetryPolicy(3, 4, BackoffStrategy.EXPONENTIAL, 0.5, 1, 7.0);
		// a multiplier below 1 as 1, a maximum below the first wait as the first wait,
		// jitter above 1 as 1
		for (int draw = 0; draw < 100; draw++) {
			assertThat(odd.delayBefore(3, new Random(draw)).toMillis()).isBetween(0L, 4000L);
		}
		assertThat(new RetryPolicy(3, -5).delayBefore(2, NO_RANDOM)).isZero();
		assertThat(new RetryPolicy(3, 0, BackoffStrategy.EXPONENTIAL, 2.0, 60, 0.2).delayBefore(5, NO_RANDOM)).isZero();
		assertThat(new RetryPolicy(3, 2, BackoffStrategy.EXPONENTIAL, Double.NaN, 60, Double.NaN).delayBefore(4,
				NO_RANDOM))
			.isEqualTo(Duration.ofSeconds(2));
	}

	@Test
	void fillsTheDefaultsOfEachStrategy() {
		assertThat(new RetryPolicy(3, 5, null, 3.0, 90, null))
			.isEqualTo(new RetryPolicy(3, 5, BackoffStrategy.FIXED, null, null, 0.0));
		assertThat(new RetryPolicy(3, 5, BackoffStrategy.EXPONENTIAL, null, null, null))
			.isEqualTo(RetryPolicy.exponential(3, 5, RetryPolicy.DEFAULT_MULTIPLIER,
					RetryPolicy.DEFAULT_MAX_BACKOFF_SECONDS, RetryPolicy.DEFAULT_EXPONENTIAL_JITTER));
	}

	@Test
	void readsAPolicyStoredBeforeTheBackoffStrategyAsAFixedWait() {
		RetryPolicy old = CronyJson.fromJson("{\"maxAttempts\":3,\"backoffSeconds\":5}", RetryPolicy.class);
		assertThat(old).isEqualTo(new RetryPolicy(3, 5));
		assertThat(old.backoff()).isEqualTo(BackoffStrategy.FIXED);
		assertThat(old.delayBefore(3, NO_RANDOM)).isEqualTo(Duration.ofSeconds(5));
	}

	@Test
	void roundTripsBothStrategiesThroughJson() {
		RetryPolicy exponential = RetryPolicy.exponential(4, 1, 2.5, 300, 0.3);
		String json = CronyJson.toJson(exponential);
		assertThat(json).contains("\"backoff\":\"EXPONENTIAL\"", "\"multiplier\":2.5", "\"maxBackoffSeconds\":300",
				"\"jitter\":0.3");
		assertThat(CronyJson.fromJson(json, RetryPolicy.class)).isEqualTo(exponential);
		String fixed = CronyJson.toJson(new RetryPolicy(3, 5));
		// an agent that knows only maxAttempts and backoffSeconds still reads its wait
		assertThat(fixed).contains("\"maxAttempts\":3", "\"backoffSeconds\":5", "\"backoff\":\"FIXED\"")
			.doesNotContain("multiplier", "maxBackoffSeconds");
		assertThat(CronyJson.fromJson(fixed, RetryPolicy.class)).isEqualTo(new RetryPolicy(3, 5));
	}

}
