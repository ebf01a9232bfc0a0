package io.crony.agent.target;

import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;

import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import io.crony.common.template.RunTemplate;
import io.crony.common.template.TemplateException;
import io.crony.common.template.UpstreamOutputs;

/**
 * One attempt of a run, as a target sees it.
 *
 * @param job the job
 * @param executionId the execution row's id (0 when it was claimed while the database was
 * unreachable)
 * @param scheduledAt the fire's scheduled instant: the run's logical instant, the same
 * for every attempt, move, retry and backfill of the fire, which the templates render
 * @param params run parameters, may be null
 * @param attempt attempt number, from 1
 * @param trigger what started the run, null when unknown
 * @param deadline when the attempt times out (filled in by {@link Targets})
 * @param token the token of this attempt of the execution, which the target reports with
 * (filled in by {@link Targets}; null when the agent does not know the secret yet)
 * @param resumePayload the payload last reported with progress (async runs), may be null
 * @param avoid the address ({@code host:port}) of an instance this attempt must not go to
 * (the run moves away from it), may be null
 * @param placement where the call goes (filled in by {@link Targets}), may be null
 * @param shard which call of a sharded or broadcast fire this is; null for a fire's only
 * call
 * @param upstreams the outputs of the run's paired upstream runs, which
 * {@code ${upstream.<job>.outputs.<field>}} reads (filled in by {@link Targets} for a job
 * whose texts read them); null for none
 * @param trace the W3C trace context of the call's span ({@code traceparent} and, when
 * there is one, {@code tracestate}), which the target receives as headers, metadata or
 * environment variables; empty when the run is not traced
 */
public record Invocation(JobSpec job, long executionId, Instant scheduledAt, String params, int attempt,
		TriggerType trigger, Instant deadline, String token, String resumePayload, String avoid, Placement placement,
		Shard shard, UpstreamOutputs upstreams, Map<String, String> trace) {

	public Invocation {
		trace = (trace != null) ? Map.copyOf(trace) : Map.of();
	}

	public Invocation(JobSpec job, long executionId, Instant scheduledAt, String params, int attempt) {
		this(job, executionId, scheduledAt, params, attempt, null);
	}

	public Invocation(JobSpec job, long executionId, Instant scheduledAt, String params, int attempt,
			TriggerType trigger) {
		this(job, executionId, scheduledAt, params, attempt, trigger, null, null, null, null, null, null, null, null);
	}

	/** The same attempt with its deadline and token. */
	public Invocation withDeadlineAndToken(Instant newDeadline, String newToken) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, this.attempt, this.trigger,
				newDeadline, newToken, this.resumePayload, this.avoid, this.placement, this.shard, this.upstreams,
				this.trace);
	}

	/**
	 * The same attempt against a resolved address ({@code lb://} made concrete), at an
	 * instance of a service.
	 */
	public Invocation withUrl(String url, Placement newPlacement) {
		return new Invocation(this.job.withTarget(this.job.target().withUrl(url)), this.executionId, this.scheduledAt,
				this.params, this.attempt, this.trigger, this.deadline, this.token, this.resumePayload, this.avoid,
				newPlacement, this.shard, this.upstreams, this.trace);
	}

	/** The same attempt resuming from a payload an earlier attempt reported. */
	public Invocation withResumePayload(String payload) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, this.attempt, this.trigger,
				this.deadline, this.token, payload, this.avoid, this.placement, this.shard, this.upstreams, this.trace);
	}

	/** The same attempt kept off an instance (the one the run moves away from). */
	public Invocation avoiding(String address) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, this.attempt, this.trigger,
				this.deadline, this.token, this.resumePayload, address, this.placement, this.shard, this.upstreams,
				this.trace);
	}

	/** The given attempt of one shard of the fire. */
	public Invocation asShard(Shard newShard, int shardAttempt) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, shardAttempt, this.trigger,
				this.deadline, this.token, this.resumePayload, this.avoid, this.placement, newShard, this.upstreams,
				this.trace);
	}

	/** The same attempt reading these upstream outputs. */
	public Invocation withUpstreams(UpstreamOutputs outputs) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, this.attempt, this.trigger,
				this.deadline, this.token, this.resumePayload, this.avoid, this.placement, this.shard, outputs,
				this.trace);
	}

	/** The same attempt in the span whose W3C trace context this is. */
	public Invocation withTrace(Map<String, String> context) {
		return new Invocation(this.job, this.executionId, this.scheduledAt, this.params, this.attempt, this.trigger,
				this.deadline, this.token, this.resumePayload, this.avoid, this.placement, this.shard, this.upstreams,
				context);
	}

	/**
	 * Fills in a template ({@link RunTemplate}): the run's values
	 * ({@code ${executionId}}, {@code ${scheduledAt}}, {@code ${params}}, and for a shard
	 * {@code ${shardIndex}}, {@code ${shardTotal}} and {@code ${shardParams}}: 0, 1 and
	 * empty for a fire's only call), and dates by the run's logical instant
	 * ({@link #scheduledAt}) in the job's time zone ({@code ${yyyyMMdd,-1d}}). The same
	 * attempt renders the same text however often it is asked, and so does every retry of
	 * the fire: the logical instant is the fire's, not the clock's.
	 * @throws TemplateException when the template cannot be read
	 */
	public String render(String template) {
		if (template == null) {
			return null;
		}
		return RunTemplate.parse(template)
			.render(this.scheduledAt, zone(), runValues(),
					(this.upstreams != null) ? this.upstreams : UpstreamOutputs.NONE);
	}

	/**
	 * {@link #render(String)}, a failure naming where the template is.
	 * @param place the template's place in the job, e.g. {@code target.headers.X-Day}
	 * @throws UnrenderableTemplateException naming the place and what is wrong
	 */
	public String render(String place, String template) {
		try {
			return render(template);
		}
		catch (TemplateException ex) {
			throw new UnrenderableTemplateException(place, ex);
		}
	}

	/** The job's time zone, UTC when it names none (as its schedule reads it). */
	ZoneId zone() {
		String zone = (this.job != null) ? this.job.timeZone() : null;
		return (zone != null && !zone.isBlank()) ? ZoneId.of(zone) : ZoneId.of("UTC");
	}

	private Map<String, String> runValues() {
		Map<String, String> values = new HashMap<>();
		values.put("executionId", Long.toString(this.executionId));
		values.put("scheduledAt", this.scheduledAt.toString());
		values.put("params", (this.params != null) ? this.params : "");
		values.put("shardIndex", Integer.toString((this.shard != null) ? this.shard.index() : 0));
		values.put("shardTotal", Integer.toString((this.shard != null) ? this.shard.total() : 1));
		values.put("shardParams", (this.shard != null && this.shard.params() != null) ? this.shard.params() : "");
		return values;
	}

}
