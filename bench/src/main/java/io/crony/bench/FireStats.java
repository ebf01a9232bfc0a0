package io.crony.bench;

import java.time.Instant;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Fires seen at the target for jobs {@code firstId .. firstId + jobs - 1}, each on
 * {@code (id % every)/every * * * * ?}, scheduled in whole seconds
 * {@code [fromSecond, untilSecond)}, against the fires their schedules call for.
 *
 * @param expected fires the schedules call for in the window
 * @param observed first-attempt calls received for fires in the window
 * @param missed expected fires never called
 * @param duplicates calls of a fire that had already been called
 * @param offSchedule calls for an instant the schedule does not have
 * @param lateness received minus scheduled, ms, sorted
 */
record FireStats(long expected, long observed, long missed, long duplicates, long offSchedule, long[] lateness) {

	static FireStats of(List<LoopbackTarget.Call> calls, long firstId, int jobs, int every, long fromSecond,
			long untilSecond) {
		int span = (int) (untilSecond - fromSecond);
		BitSet seen = new BitSet(jobs * span);
		long[] lateness = new long[calls.size()];
		int observed = 0;
		long duplicates = 0;
		long offSchedule = 0;
		for (LoopbackTarget.Call call : calls) {
			long index = call.jobId() - firstId;
			if (index < 0 || index >= jobs || call.attempt() != 1 || call.scheduledAt() == null) {
				continue;
			}
			long scheduled = Instant.parse(call.scheduledAt()).toEpochMilli();
			long second = Math.floorDiv(scheduled, 1000);
			if (second < fromSecond || second >= untilSecond) {
				continue;
			}
			lateness[observed++] = call.receivedAtMillis() - scheduled;
			if (scheduled % 1000 != 0 || !due(call.jobId(), every, second)) {
				offSchedule++;
				continue;
			}
			int bit = (int) (index * span + (second - fromSecond));
			if (seen.get(bit)) {
				duplicates++;
			}
			seen.set(bit);
		}
		long expected = 0;
		long missed = 0;
		for (int i = 0; i < jobs; i++) {
			for (int s = 0; s < span; s++) {
				if (due(firstId + i, every, fromSecond + s)) {
					expected++;
					missed += seen.get(i * span + s) ? 0 : 1;
				}
			}
		}
		long[] sorted = Arrays.copyOf(lateness, observed);
		Arrays.sort(sorted);
		return new FireStats(expected, observed, missed, duplicates, offSchedule, sorted);
	}

	/** Whether {@code (id % every)/every * * * * ?} fires in this epoch second. */
	static boolean due(long id, int every, long epochSecond) {
		long offset = id % every;
		long secondOfMinute = epochSecond % 60;
		return secondOfMinute >= offset && (secondOfMinute - offset) % every == 0;
	}

	static String schedule(long id, int every) {
		return (id % every) + "/" + every + " * * * * ?";
	}

	long percentile(double p) {
		if (this.lateness.length == 0) {
			return -1;
		}
		return this.lateness[Math.min(this.lateness.length - 1,
				Math.max(0, (int) Math.ceil(p / 100 * this.lateness.length) - 1))];
	}

}
