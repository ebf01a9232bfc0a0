package io.crony.web.workflow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rule of a cycle, given each upstream's latest success and latest failure since the
 * cycle began: open when every upstream succeeded (released by the last success), stopped
 * as soon as one upstream failed without succeeding since, else still waiting.
 */
final class CycleGate {

	private CycleGate() {
	}

	/**
	 * @param upstreams the job's upstream ids
	 * @param successes each upstream's latest success in the cycle, if any
	 * @param failures each upstream's latest failure in the cycle, if any
	 * @param names an upstream's name, asked only for one the decision names
	 */
	static Decision decide(List<Long> upstreams, Map<Long, UpstreamRun> successes, Map<Long, UpstreamRun> failures,
			Function<Long, String> names) {
		List<String> waitingFor = new ArrayList<>();
		for (long upstream : upstreams) {
			if (successes.containsKey(upstream)) {
				continue;
			}
			UpstreamRun failure = failures.get(upstream);
			if (failure != null) {
				return new Decision.Stopped(failure, names.apply(upstream));
			}
			waitingFor.add(names.apply(upstream));
		}
		if (!waitingFor.isEmpty()) {
			return new Decision.Waiting(waitingFor);
		}
		return new Decision.Open(successes.values()
			.stream()
			.max(Comparator.comparing(UpstreamRun::finishedAt).thenComparing(UpstreamRun::id))
			.orElseThrow());
	}

	/** What the gate says. */
	sealed interface Decision {

		/** Every upstream succeeded; {@code last} was the last of them. */
		record Open(UpstreamRun last) implements Decision {
		}

		/** {@code upstream} failed in the cycle ({@code failure}): the cycle stops. */
		record Stopped(UpstreamRun failure, String upstream) implements Decision {
		}

		/** These upstreams have not succeeded yet. */
		record Waiting(List<String> upstreams) implements Decision {
		}

	}

}
