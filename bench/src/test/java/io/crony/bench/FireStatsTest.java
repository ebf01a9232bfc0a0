package io.crony.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FireStatsTest {

	private static final long FIRST_ID = 7;

	@Test
	void isOnScheduleFromTheFirstSecondAfterWhichEveryFireCameInTime() {
		List<LoopbackTarget.Call> calls = new ArrayList<>();
		// seconds 100 and 101 never called (the outage), 102 caught up 1.5 s late
		callBoth(calls, 102, 1500);
		callBoth(calls, 103, 40);
		callBoth(calls, 104, 900);

		FireStats stats = FireStats.of(calls, FIRST_ID, 2, 1, 100, 105);

		assertThat(stats.missedBySecond()).containsExactly(2, 2, 0, 0, 0);
		assertThat(stats.missed()).isEqualTo(4);
		assertThat(stats.onScheduleFrom(1000)).isEqualTo(3);
		assertThat(stats.onScheduleFrom(2000)).isEqualTo(2);
	}

	@Test
	void isNotOnScheduleWhileALaterSecondMissedAFire() {
		List<LoopbackTarget.Call> calls = new ArrayList<>();
		callBoth(calls, 100, 10);
		calls.add(call(FIRST_ID, 101, 10));
		callBoth(calls, 102, 10);

		FireStats stats = FireStats.of(calls, FIRST_ID, 2, 1, 100, 103);

		assertThat(stats.onScheduleFrom(1000)).isEqualTo(2);
		assertThat(FireStats.of(calls, FIRST_ID, 2, 1, 100, 102).onScheduleFrom(1000)).isEqualTo(2);
	}

	private static void callBoth(List<LoopbackTarget.Call> calls, long second, long lateMillis) {
		calls.add(call(FIRST_ID, second, lateMillis));
		calls.add(call(FIRST_ID + 1, second, lateMillis));
	}

	private static LoopbackTarget.Call call(long jobId, long second, long lateMillis) {
		return new LoopbackTarget.Call(jobId, Instant.ofEpochSecond(second).toString(), 1, "agent-b",
				second * 1000 + lateMillis);
	}

}
