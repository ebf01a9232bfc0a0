package io.crony.alert;

import java.util.stream.Collectors;

/** Alerts in English: the words every channel used before channels had a language. */
final class EnglishWording implements AlertWording {

	static final EnglishWording INSTANCE = new EnglishWording();

	private EnglishWording() {
	}

	@Override
	public String title(Alert alert) {
		String job = "Job " + alert.jobName();
		AlertFacts facts = alert.facts();
		switch (alert.kind()) {
			case FAILURE:
				return job + " failed";
			case TIMEOUT:
				return job + " timed out";
			case RECOVERY:
				return job + " recovered";
			case FAILURE_RATE:
				if (facts instanceof AlertFacts.FailureRate rate) {
					return job + ": " + rate.failed() + " of " + rate.runs() + " runs failed";
				}
				return job + ": too many runs failed";
			case AGENT_LOST:
				return "Agent " + alert.agentId() + " lost";
			case NO_AGENT:
				return "No agent alive";
			case UNPLACED:
				return job + " could not be placed";
			case UPSTREAM_FAILED:
				return job + " not run: " + ((facts instanceof AlertFacts.UpstreamFailed failed)
						? "upstream " + failed.upstream() : "an upstream job") + " failed";
			case WORKFLOW_LATE:
				return job + "'s workflow missed its deadline";
			case SPOOL_FULL:
				return "Agent " + alert.agentId() + "'s spool is full";
			case SPOOL_DRAINED:
				return "Agent " + alert.agentId() + "'s spool is empty again";
			case TEST:
				return "Test message from Crony";
			default:
				return "Crony alert " + alert.kind();
		}
	}

	@Override
	public String detail(Alert alert) {
		AlertFacts facts = alert.facts();
		if (facts instanceof AlertFacts.RunEnded ended) {
			return "The run ended " + ended.status() + " after " + ended.attempts() + " of " + ended.maxAttempts()
					+ " attempt(s).";
		}
		if (facts instanceof AlertFacts.ShardsEnded shards) {
			int count = shards.notSucceeded().size() + shards.unlisted();
			String each = shards.notSucceeded()
				.stream()
				.map((shard) -> "shard " + shard.index() + ((shard.instance() != null) ? " at " + shard.instance() : "")
						+ " " + shard.status() + " after " + shard.attempts() + " attempt(s)"
						+ ((shard.error() != null) ? ": " + shard.error() : ""))
				.collect(Collectors.joining("; "));
			return "The run ended " + shards.status() + ": " + count + " of " + shards.total()
					+ " shards did not succeed (each may make " + shards.maxAttempts() + " attempt(s))"
					+ (each.isEmpty() ? "." : ": " + each + ".")
					+ ((shards.unlisted() > 0) ? " And " + shards.unlisted() + " more." : "");
		}
		if (facts instanceof AlertFacts.FailureRate rate) {
			return "Over the last " + rate.windowMinutes() + " minutes "
					+ Math.round(100.0 * rate.failed() / rate.runs()) + "% of runs failed; the rule alerts above "
					+ Math.round(100 * rate.threshold()) + "%.";
		}
		if (facts instanceof AlertFacts.Recovered) {
			return "A run succeeded again after failure alerts.";
		}
		if (facts instanceof AlertFacts.WorkflowLate late) {
			return "Not done " + late.deadlineMinutes() + " minutes after the instant: "
					+ String.join(", ", late.notDone()) + " had not succeeded since.";
		}
		if (facts instanceof AlertFacts.UpstreamFailed failed) {
			return "Its upstream job " + failed.upstream() + " ended " + failed.status() + " (execution "
					+ failed.upstreamExecution() + "), so this cycle's run is stopped. Re-run " + failed.upstream()
					+ " with its dependents once it is fixed.";
		}
		if (facts instanceof AlertFacts.AgentLost lost) {
			if (lost.jobsMoved() == 0 && lost.stuck() == 0) {
				return "It held no jobs.";
			}
			String moved = lost.movedTo()
				.entrySet()
				.stream()
				.sorted(java.util.Map.Entry.comparingByKey())
				.map((entry) -> entry.getValue() + " to " + entry.getKey())
				.collect(Collectors.joining(", "));
			return lost.jobsMoved() + " of its jobs moved" + (moved.isEmpty() ? "" : " (" + moved + ")") + "."
					+ ((lost.stuck() > 0) ? " " + lost.stuck() + " found no other agent and "
							+ ((lost.stuck() == 1) ? "waits." : "wait.") : "");
		}
		if (facts instanceof AlertFacts.NoAgent none) {
			return "Nothing runs: " + jobs(none.enabledJobs(), "enabled job waits", "enabled jobs wait")
					+ " for an agent.";
		}
		if (facts instanceof AlertFacts.Unplaced unplaced) {
			return "No live agent may take this job of department " + unplaced.department() + ": "
					+ unplaced.reason().text() + ". It does not run until an agent that may take it registers.";
		}
		if (facts instanceof AlertFacts.SpoolFull full) {
			return "The database is away for this agent, so it keeps its run records on disk: its spool holds "
					+ full.bytes() + " bytes, at its limit of " + full.maxBytes()
					+ " (crony.agent.spool-max-size), and began to fill at "
					+ AlertText.shown(full.since(), alert.zone())
					+ ". It claims no fire until the database takes the spooled records; none is lost, and the fires"
					+ " not claimed meanwhile follow their jobs' misfire policies.";
		}
		if (facts instanceof AlertFacts.SpoolDrained) {
			return "The database took every spooled record of this agent; it claims fires again.";
		}
		if (facts instanceof AlertFacts.Test test) {
			return "Sent by " + test.by() + " to check alert channel '" + test.channelName() + "'.";
		}
		return null;
	}

	// "1 enabled job waits", "3 enabled jobs wait"
	private static String jobs(int count, String one, String many) {
		return count + " " + ((count == 1) ? one : many);
	}

	@Override
	public String label(Line line) {
		return switch (line) {
			case JOB -> "Job";
			case SCHEDULED_AT -> "Scheduled at";
			case AGENT -> "Agent";
			case ATTEMPT -> "Attempt";
			case EXECUTION -> "Execution";
			case ERROR -> "Error";
			case AT -> "At";
			case DETAILS -> "Details";
		};
	}

	@Override
	public String separator() {
		return ": ";
	}

	@Override
	public String job(String name, Long id) {
		return name + " (id " + id + ")";
	}

	@Override
	public String attempt(int attempt) {
		return Integer.toString(attempt);
	}

	@Override
	public String heldBack(int count, String since) {
		return count + " more " + ((count == 1) ? "alert" : "alerts") + " like this since " + since
				+ " were held back.";
	}

}
