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
 * @param duplicates calls of a fire that had already been called
 * @param offSchedule calls for an instant the schedule does not have
 * @param lateness received minus scheduled, ms, sorted
 * @param worstBySecond the largest lateness of each scheduled second of the window, ms
 * (-1 for a second with no call): a tail made of a few bad seconds (a stall) looks
 * different here from one spread over all of them (a machine that is full)
 * @param missedBySecond the expected fires of each scheduled second never called
 */
record FireStats(long expected, long observed, long duplicates, long offSchedule, long[] lateness, long[] worstBySecond,
		long[] missedBySecond) {

	static FireStats of(List<LoopbackTarget.Call> calls, long firstId, int jobs, int every, long fromSecond,
			long untilSecond) {
		int span = (int) (untilSecond - fromSecond);
		BitSet seen = new BitSet(jobs * span);
		long[] lateness = new long[calls.size()];
		long[] worstBySecond = new long[span];
		Arrays.fill(worstBySecond, -1);
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
			int at = (int) (second - fromSecond);
			worstBySecond[at] = Math.max(worstBySecond[at], call.receivedAtMillis() - scheduled);
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
		long[] missedBySecond = new long[span];
		for (int i = 0; i < jobs; i++) {
			for (int s = 0; s < span; s++) {
				if (due(firstId + i, every, fromSecond + s)) {
					expected++;
					missedBySecond[s] += seen.get(i * span + s) ? 0 : 1;
				}
			}
		}
		long[] sorted = Arrays.copyOf(lateness, observed);
		Arrays.sort(sorted);
		return new FireStats(expected, observed, duplicates, offSchedule, sorted, worstBySecond, missedBySecond);
	}

	/** Expected fires never called. */
	long missed() {
		return Arrays.stream(this.missedBySecond).sum();
	}

	/**
	 * The first scheduled second of the window from which every second's fires were all
	 * called, none later than {@code thresholdMillis}: where a failover's jobs are on
	 * their schedule again. The window's length when the last second is not.
	 */
	int onScheduleFrom(long thresholdMillis) {
		int from = this.worstBySecond.length;
		// a second with no call and none missed had no fire due
		while (from > 0 && this.missedBySecond[from - 1] == 0 && this.worstBySecond[from - 1] <= thresholdMillis) {
			from--;
		}
		return from;
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

	/**
	 * How many of the window's seconds had a fire later than {@code thresholdMillis}, and
	 * the largest lateness of each second in order, for example
	 * {@code 3 of 30 over 1000 ms: 80 75 2300 ...}.
	 */
	String secondsOver(long thresholdMillis) {
		long over = Arrays.stream(this.worstBySecond).filter((worst) -> worst > thresholdMillis).count();
		StringBuilder text = new StringBuilder().append(over)
			.append(" of ")
			.append(this.worstBySecond.length)
			.append(" over ")
			.append(thresholdMillis)
			.append(" ms, worst by second:");
		for (long worst : this.worstBySecond) {
			text.append(' ').append(worst);
		}
		return text.toString();
	}

	long percentile(double p) {
		if (this.lateness.length == 0) {
			return -1;
		}
		return this.lateness[Math.min(this.lateness.length - 1,
				Math.max(0, (int) Math.ceil(p / 100 * this.lateness.length) - 1))];
	}

}
