package io.crony.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The rate limit: alerts with one key go out at most once per {@code minInterval}; the
 * ones in between are suppressed. The time of the last alert sent or tried comes from the
 * history ({@code loader}) on first sight of a key and again once the cached value is
 * older than {@code reload}, so another process that sent meanwhile (the job failed over,
 * a new leader) is seen. Not thread safe: one thread decides.
 */
final class DedupRule {

	private final Duration minInterval;

	private final Duration reload;

	private final Function<String, Instant> loader;

	private final Map<String, Known> known = new HashMap<>();

	DedupRule(Duration minInterval, Duration reload, Function<String, Instant> loader) {
		this.minInterval = minInterval;
		this.reload = reload;
		this.loader = loader;
	}

	/**
	 * Decides for an alert raised now and, when it may go out, takes its slot.
	 * @return the decision, with the time of the previous alert (null when none)
	 */
	Decision decide(String key, Instant now) {
		Known entry = this.known.get(key);
		if (entry == null || !now.isBefore(entry.loadedAt.plus(this.reload))) {
			Instant stored = this.loader.apply(key);
			Instant last = (entry != null && entry.last != null && (stored == null || entry.last.isAfter(stored)))
					? entry.last : stored;
			entry = new Known(last, now);
			this.known.put(key, entry);
		}
		if (entry.last != null && now.isBefore(entry.last.plus(this.minInterval))) {
			return new Decision(false, entry.last);
		}
		this.known.put(key, new Known(now, entry.loadedAt));
		if (this.known.size() > 10_000) {
			forgetOld(now);
		}
		return new Decision(true, entry.last);
	}

	private void forgetOld(Instant now) {
		this.known.values().removeIf((known) -> known.last == null || now.isAfter(known.last.plus(this.minInterval)));
	}

	/**
	 * @param send whether the alert goes out
	 * @param previous when the previous alert with its key went out or was tried
	 */
	record Decision(boolean send, Instant previous) {

	}

	private record Known(Instant last, Instant loadedAt) {

	}

}
