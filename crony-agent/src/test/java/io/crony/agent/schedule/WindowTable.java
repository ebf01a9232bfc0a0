package io.crony.agent.schedule;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import io.crony.agent.execution.JobWindows;

/**
 * Table {@code job_window} as {@code JobWindows} keeps it (JobWindowsIT checks that
 * against MariaDB), in memory, for the engine's stages tried without a database.
 */
final class WindowTable {

	/** The windows, by job. */
	final Map<Long, JobWindow> windows = new ConcurrentHashMap<>();

	/** Jobs table {@code job} does not place on the asking agent (or disabled). */
	final Set<Long> placedElsewhere = ConcurrentHashMap.newKeySet();

	/** Each extension's asks, in order. */
	final List<List<JobWindowAsk>> extensions = new CopyOnWriteArrayList<>();

	/** Each cut, in order. */
	final List<Map<Long, Instant>> cuts = new CopyOnWriteArrayList<>();

	synchronized Map<Long, JobWindow> extend(String agentId, List<JobWindowAsk> asks, boolean heldOnly) {
		this.extensions.add(List.copyOf(asks));
		Map<Long, JobWindow> read = new HashMap<>();
		for (JobWindowAsk asked : asks) {
			// DATETIME(3): stored to the millisecond
			JobWindowAsk ask = new JobWindowAsk(asked.jobId(), asked.from().truncatedTo(ChronoUnit.MILLIS),
					asked.until().truncatedTo(ChronoUnit.MILLIS));
			JobWindow window = this.windows.get(ask.jobId());
			if (!(heldOnly && this.placedElsewhere.contains(ask.jobId()))) {
				if (window == null) {
					// a job's first window: before any of its instants
					window = new JobWindow(ask.jobId(), agentId, JobWindows.MADE_FROM, ask.until(),
							heldOnly ? ask.until() : null);
				}
				else if (!window.until().isAfter(ask.from())) {
					// ended: taken from its end (the held mark stays with the row)
					window = new JobWindow(ask.jobId(), agentId, window.until(), later(window.until(), ask.until()),
							held(window, ask, heldOnly));
				}
				else if (window.agentId().equals(agentId)) {
					window = new JobWindow(ask.jobId(), agentId, later(window.from(), ask.from()),
							later(window.until(), ask.until()), held(window, ask, heldOnly));
				}
				this.windows.put(ask.jobId(), window);
			}
			if (window != null) {
				read.put(ask.jobId(), window);
			}
		}
		return read;
	}

	synchronized void truncate(String agentId, Map<Long, Instant> firstUndispatched) {
		this.cuts.add(Map.copyOf(firstUndispatched));
		firstUndispatched.forEach((jobId, at) -> {
			JobWindow window = this.windows.get(jobId);
			if (window != null && window.agentId().equals(agentId)) {
				Instant until = window.until().isAfter(at) ? at : window.until();
				this.windows.put(jobId,
						new JobWindow(jobId, agentId, window.from(), later(window.from(), until), window.heldUntil()));
			}
		});
	}

	synchronized void startAt(String agentId, String formerHolder, Map<Long, Instant> from) {
		from.forEach((jobId, at) -> {
			JobWindow window = this.windows.get(jobId);
			if (window != null && (window.agentId().equals(agentId)
					|| (window.agentId().equals(formerHolder) && !window.until().isAfter(at)))) {
				this.windows.put(jobId,
						new JobWindow(jobId, agentId, at, later(window.until(), at), window.heldUntil()));
			}
		});
	}

	// an ask while the lease is unconfirmed raises the held mark to its end
	private static Instant held(JobWindow window, JobWindowAsk ask, boolean heldOnly) {
		if (!heldOnly) {
			return window.heldUntil();
		}
		return (window.heldUntil() == null) ? ask.until() : later(window.heldUntil(), ask.until());
	}

	private static Instant later(Instant one, Instant other) {
		return one.isAfter(other) ? one : other;
	}

}
