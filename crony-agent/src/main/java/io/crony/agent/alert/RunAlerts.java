package io.crony.agent.alert;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.agent.schedule.RunListener;
import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AlertPolicy;
import io.crony.common.job.JobSpec;

/**
 * Turns runs' final outcomes into alerts under each job's {@link AlertPolicy}: failure
 * and timeout (rate limited by the dispatcher), failure rate over a window (checked on
 * each failed run, not again within the rate limit once it alerted), and one recovery
 * notice after a failure alert. A sharded or broadcast run's alert names the shards that
 * did not succeed and their instances. The engine's thread only queues; every database
 * read happens on the alert thread.
 */
final class RunAlerts implements RunListener {

	// how long what the history said about a job's recovery is trusted
	private static final Duration RECOVERY_RELOAD = Duration.ofMinutes(1);

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final ChannelCache channels;

	private final FailureRates rates;

	private final ShardEnds shards;

	private final AlertProperties properties;

	private final String agentId;

	private final Clock clock;

	// both touched on the alert thread only
	private final Map<Long, Instant> rateQuietUntil = new HashMap<>();

	private final Map<Long, Recovery> recoveries = new HashMap<>();

	RunAlerts(AlertDispatcher dispatcher, AlertStore store, ChannelCache channels, FailureRates rates, ShardEnds shards,
			AlertProperties properties, String agentId, Clock clock) {
		this.dispatcher = dispatcher;
		this.store = store;
		this.channels = channels;
		this.rates = rates;
		this.shards = shards;
		this.properties = properties;
		this.agentId = agentId;
		this.clock = clock;
	}

	@Override
	public void finished(FinishedRun run) {
		AlertPolicy policy = run.job().alerts();
		if (policy.channelIds().isEmpty() || !(policy.active() || policy.onRecovery())) {
			return;
		}
		if (run.status() == ExecutionStatus.SUCCEEDED) {
			if (policy.onRecovery()) {
				this.dispatcher.execute(() -> recovered(run));
			}
		}
		else if (RunRules.failed(run.status())) {
			this.dispatcher.execute(() -> failed(run));
		}
	}

	private void failed(FinishedRun run) {
		JobSpec job = run.job();
		AlertPolicy policy = job.alerts();
		ShardEnds.Ended shards = (job.target().sharding() != null && run.executionId() > 0)
				? this.shards.of(run.executionId(), run.status().name(), maxAttempts(job)) : null;
		AlertKind kind = RunRules.kindOf(policy, run.status(), (shards != null) ? shards.timedOut() : 0);
		if (kind != null) {
			raise(kind, (shards != null) ? shards.facts()
					: new AlertFacts.RunEnded(run.status().name(), run.attempts(), maxAttempts(job)), run);
		}
		if (policy.failureRate() != null) {
			checkRate(run, policy.failureRate());
		}
	}

	private void checkRate(FinishedRun run, AlertPolicy.FailureRate rule) {
		long jobId = run.job().id();
		Instant now = this.clock.instant();
		Instant quietUntil = this.rateQuietUntil.get(jobId);
		if (quietUntil != null && now.isBefore(quietUntil)) {
			// alerted already: the rate limit would hold another back, spare the query
			return;
		}
		FailureRates.Counts before = this.rates.since(jobId, now.minus(Duration.ofMinutes(rule.windowMinutes())),
				run.scheduledAt());
		int runs = before.runs() + 1;
		int failed = before.failed() + 1;
		if (RunRules.rateExceeded(rule, runs, failed)) {
			this.rateQuietUntil.put(jobId, now.plus(this.properties.minInterval()));
			raise(AlertKind.FAILURE_RATE,
					new AlertFacts.FailureRate(failed, runs, rule.windowMinutes(), rule.threshold()), run);
		}
	}

	private void raise(AlertKind kind, AlertFacts facts, FinishedRun run) {
		List<Long> ids = run.job().alerts().channelIds();
		this.dispatcher.raise(alert(kind, facts, run), () -> this.channels.get(ids));
		this.recoveries.put(run.job().id(), new Recovery(true, this.clock.instant()));
	}

	private void recovered(FinishedRun run) {
		long jobId = run.job().id();
		Instant now = this.clock.instant();
		Recovery known = this.recoveries.get(jobId);
		if (known == null || !now.isBefore(known.readAt.plus(RECOVERY_RELOAD))) {
			known = new Recovery(pendingInHistory(jobId), now);
			this.recoveries.put(jobId, known);
		}
		if (!known.pending) {
			return;
		}
		this.recoveries.put(jobId, new Recovery(false, now));
		Alert alert = alert(AlertKind.RECOVERY, new AlertFacts.Recovered(), run);
		this.dispatcher.sendAll(alert, this.channels.get(run.job().alerts().channelIds()));
	}

	// a failure alert went out after the last recovery notice (or there was none)
	private boolean pendingInHistory(long jobId) {
		Instant failure = this.store.lastSent(List.of(RunRules.key(jobId, AlertKind.FAILURE),
				RunRules.key(jobId, AlertKind.TIMEOUT), RunRules.key(jobId, AlertKind.FAILURE_RATE)));
		if (failure == null) {
			return false;
		}
		Instant recovery = this.store.lastAttempt(RunRules.key(jobId, AlertKind.RECOVERY));
		return recovery == null || failure.isAfter(recovery);
	}

	private Alert alert(AlertKind kind, AlertFacts facts, FinishedRun run) {
		JobSpec job = run.job();
		Long executionId = (run.executionId() > 0) ? run.executionId() : null;
		return new Alert(kind, RunRules.key(job.id(), kind), facts, job.id(), job.name(), executionId, this.agentId,
				run.scheduledAt(), run.attempts(), run.error(), this.properties.runLink(job.id(), executionId),
				run.finishedAt(), Alert.zoneOf(job.timeZone()), 0, null);
	}

	private static int maxAttempts(JobSpec job) {
		return (job.retry() != null) ? Math.max(1, job.retry().maxAttempts()) : 1;
	}

	private record Recovery(boolean pending, Instant readAt) {

	}

}
