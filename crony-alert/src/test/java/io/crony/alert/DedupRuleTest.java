package io.crony.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DedupRuleTest {

	private static final Instant T0 = Instant.parse("2026-11-22T08:00:00Z");

	private final Map<String, Instant> history = new HashMap<>();

	private final Map<String, Integer> loads = new HashMap<>();

	private DedupRule rule(Duration minInterval) {
		return new DedupRule(minInterval, Duration.ofMinutes(1), (key) -> {
			this.loads.merge(key, 1, Integer::sum);
			return this.history.get(key);
		});
	}

	private int sentOf(DedupRule rule, String key, int failures, Duration spread) {
		int sent = 0;
		for (int i = 0; i < failures; i++) {
			Instant at = T0.plus(spread.multipliedBy(i).dividedBy(failures));
			if (rule.decide(key, at).send()) {
				sent++;
			}
		}
		return sent;
	}

	@Test
	void sendsOneAlertForAHundredFailuresInAMinuteWithTheDefaultInterval() {
		assertThat(sentOf(rule(Duration.ofMinutes(10)), "job:1:FAILURE", 100, Duration.ofMinutes(1))).isEqualTo(1);
	}

	@Test
	void sendsOneAlertPerIntervalStartedByTheFirstFailure() {
		// failures at 0, 0.6 s, ... 59.4 s; interval 20 s: sent at 0, 20.4 s and 40.8 s
		assertThat(sentOf(rule(Duration.ofSeconds(20)), "job:1:FAILURE", 100, Duration.ofMinutes(1))).isEqualTo(3);
	}

	@Test
	void keysAreLimitedApart() {
		DedupRule rule = rule(Duration.ofMinutes(10));
		assertThat(rule.decide("job:1:FAILURE", T0).send()).isTrue();
		assertThat(rule.decide("job:2:FAILURE", T0).send()).isTrue();
		assertThat(rule.decide("job:1:TIMEOUT", T0).send()).isTrue();
		assertThat(rule.decide("job:1:FAILURE", T0.plusSeconds(1)).send()).isFalse();
	}

	@Test
	void readsTheLastAlertFromTheHistoryOnFirstSight() {
		this.history.put("job:1:FAILURE", T0.minusSeconds(60));
		DedupRule rule = rule(Duration.ofMinutes(10));
		DedupRule.Decision decision = rule.decide("job:1:FAILURE", T0);
		assertThat(decision.send()).isFalse();
		assertThat(decision.previous()).isEqualTo(T0.minusSeconds(60));
		assertThat(rule.decide("job:1:FAILURE", T0.plusSeconds(540)).send()).isTrue();
	}

	@Test
	void tellsWhenThePreviousAlertWentOut() {
		DedupRule rule = rule(Duration.ofSeconds(10));
		assertThat(rule.decide("k", T0).previous()).isNull();
		DedupRule.Decision next = rule.decide("k", T0.plusSeconds(30));
		assertThat(next.send()).isTrue();
		assertThat(next.previous()).isEqualTo(T0);
	}

	@Test
	void seesAnAlertAnotherProcessSentOnceItsCacheIsOld() {
		DedupRule rule = rule(Duration.ofMinutes(10));
		assertThat(rule.decide("k", T0).send()).isTrue();
		// another agent took the job over and sent at T0 + 11 min
		this.history.put("k", T0.plusSeconds(660));
		assertThat(rule.decide("k", T0.plusSeconds(700)).send()).isFalse();
		assertThat(this.loads.get("k")).isEqualTo(2);
	}

}
