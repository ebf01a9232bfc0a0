package io.crony.web.workflow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.execution.ExecutionStatus;

/**
 * The gate of a downstream run, decided from the upstream runs it is paired with by
 * logical instant ({@link io.crony.common.workflow.LogicalPairing}) and nothing else: a
 * later or an earlier run of an upstream never opens it, and a failure of another instant
 * never stops it.
 * <ul>
 * <li>open when every paired run SUCCEEDED (released by the last of them to finish);</li>
 * <li>stopped when a paired run ended without success (FAILED or TIMED_OUT: "upstream
 * failed"; SKIPPED, CANCELLED or MISSED: "upstream skipped"), or a paired instant has no
 * run and its job is disabled ("dependency disabled") or has run a later instant since
 * ("upstream skipped": that instant will never run), so no fire waits for ever;</li>
 * <li>else waiting, naming each upstream and the instant it waits for.</li>
 * </ul>
 */
final class PairedGate {

	private PairedGate() {
	}

	/**
	 * @param upstreams each upstream of the downstream run, in order
	 * @return the decision
	 */
	static Decision decide(List<Upstream> upstreams) {
		List<String> waitingFor = new ArrayList<>();
		UpstreamRun last = null;
		for (Upstream upstream : upstreams) {
			for (Instant instant : upstream.instants()) {
				UpstreamRun run = upstream.runs().get(instant);
				if (run == null) {
					if (!upstream.enabled()) {
						return new Decision.Stopped(upstream.name(), instant, null, Why.DEPENDENCY_DISABLED);
					}
					if (upstream.movedPast(instant)) {
						return new Decision.Stopped(upstream.name(), instant, null, Why.NO_RUN);
					}
					waitingFor.add(upstream.name() + " at " + instant);
				}
				else if (run.status() == ExecutionStatus.SUCCEEDED) {
					if (last == null || byFinish().compare(run, last) > 0) {
						last = run;
					}
				}
				else if (run.failed()) {
					return new Decision.Stopped(upstream.name(), instant, run, Why.UPSTREAM_FAILED);
				}
				else if (run.status().isFinal()) {
					return new Decision.Stopped(upstream.name(), instant, run, Why.UPSTREAM_SKIPPED);
				}
				else {
					waitingFor.add(upstream.name() + " at " + instant);
				}
			}
		}
		if (!waitingFor.isEmpty() || last == null) {
			return new Decision.Waiting(waitingFor);
		}
		return new Decision.Open(last);
	}

	private static Comparator<UpstreamRun> byFinish() {
		return Comparator.comparing(UpstreamRun::finishedAt).thenComparing(UpstreamRun::id);
	}

	/**
	 * One upstream of a downstream run.
	 *
	 * @param name its name, to say what the run waits for
	 * @param enabled whether it is enabled now
	 * @param instants its logical instants the run is paired with
	 * @param runs its runs at those instants (a run at another instant is ignored)
	 * @param newestStarted the instant of its newest run that started (not a claim made
	 * ahead, not waiting), null when none: a paired instant before it that has no run
	 * never will (the job was disabled then, or its fire was not claimed)
	 */
	record Upstream(String name, boolean enabled, List<Instant> instants, Map<Instant, UpstreamRun> runs,
			Instant newestStarted) {

		Upstream(String name, boolean enabled, List<Instant> instants, Map<Instant, UpstreamRun> runs) {
			this(name, enabled, instants, runs, null);
		}

		boolean movedPast(Instant instant) {
			return this.newestStarted != null && this.newestStarted.isAfter(instant);
		}

	}

	/** Why a downstream run did not run. */
	enum Why {

		UPSTREAM_FAILED("upstream failed"), UPSTREAM_SKIPPED("upstream skipped"),
		DEPENDENCY_DISABLED("dependency disabled"), NO_RUN("upstream skipped");

		private final String label;

		Why(String label) {
			this.label = label;
		}

		String label() {
			return this.label;
		}

	}

	/** What the gate says. */
	sealed interface Decision {

		/** Every paired run succeeded; {@code last} was the last of them to finish. */
		record Open(UpstreamRun last) implements Decision {
		}

		/**
		 * The paired run of {@code upstream} at {@code instant} ({@code run}, null when
		 * there is none) means the downstream run will not run.
		 */
		record Stopped(String upstream, Instant instant, UpstreamRun run, Why why) implements Decision {

			/**
			 * The reason written on the downstream row, e.g. {@code not run: upstream job
			 * load ended FAILED (execution 7, its run at 2026-11-26T06:00:00Z)}.
			 */
			Reason reason() {
				if (this.why == Why.DEPENDENCY_DISABLED) {
					return Reason.of(ReasonCode.UPSTREAM_DISABLED, this.upstream, this.instant);
				}
				if (this.run == null) {
					return Reason.of(ReasonCode.UPSTREAM_NO_RUN, this.upstream, this.instant);
				}
				return Reason.of(ReasonCode.UPSTREAM_ENDED_AT, this.upstream, this.run.status(), this.run.id(),
						this.instant);
			}

		}

		/** These paired upstream instants have no successful run yet. */
		record Waiting(List<String> upstreams) implements Decision {
		}

	}

}
