package io.crony.sdk.spring;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.crony.sdk.CronyClient;
import io.crony.sdk.Execution;
import io.crony.sdk.Progress;
import io.crony.sdk.ReportResponse;
import io.crony.sdk.Result;

/**
 * One attempt of a run, handed to a {@link CronyJob} method that declares it: what the
 * agent sent, and the way to report progress and finish. In an async handler
 * {@link #succeed}/{@link #fail} report the result to crony-web at once; in a sync
 * handler they set the answer the agent gets. {@link #reportProgress} reports to
 * crony-web in both.
 */
public final class JobContext {

	private final JobRequest request;

	private final boolean async;

	private final CronyClient client;

	private final ObjectMapper json;

	private final AtomicReference<Result> result = new AtomicReference<>();

	JobContext(JobRequest request, boolean async, CronyClient client, ObjectMapper json) {
		this.request = request;
		this.async = async;
		this.client = client;
		this.json = json;
	}

	/** The run's id and report token, for a {@link CronyClient} of one's own. */
	public Execution execution() {
		return this.request.execution();
	}

	public long executionId() {
		return this.request.execution().id();
	}

	public long jobId() {
		return this.request.jobId();
	}

	public String jobName() {
		return this.request.jobName();
	}

	/** The handler name the run was routed by. */
	public String handler() {
		return this.request.handler();
	}

	/** When the run was due; {@code null} when the agent did not say. */
	public Instant scheduledAt() {
		return this.request.scheduledAt();
	}

	/** 1 for the first attempt, incremented by each retry. */
	public int attempt() {
		return this.request.attempt();
	}

	/** Why the run happened: CRON, MANUAL, RETRY, DEPENDENCY, MISFIRE or API. */
	public String trigger() {
		return this.request.trigger();
	}

	/** The run's params as given (often JSON); empty when there are none. */
	public String params() {
		return this.request.params();
	}

	/**
	 * The params' JSON bound to {@code type}; {@code null} when there are none.
	 * @throws IllegalArgumentException when the params do not fit the type
	 */
	public <T> T params(Class<T> type) {
		if (this.request.params().isBlank()) {
			return null;
		}
		try {
			return this.json.readValue(this.request.params(), type);
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("params do not fit " + type.getSimpleName() + ": " + ex.getMessage(),
					ex);
		}
	}

	/** What an earlier attempt of this run last reported as resume payload. */
	public Optional<String> resumePayload() {
		return Optional.ofNullable(this.request.resumePayload());
	}

	/**
	 * Whether this call is one shard of a sharded or broadcast fire (the fire made
	 * {@link #shardTotal()} calls spread over the service's instances, a broadcast one
	 * per instance). When it is not, the handler does the whole work.
	 */
	public boolean sharded() {
		return this.request.shardTotal() > 0;
	}

	/** This call's shard, from 0 to {@link #shardTotal()} - 1; 0 when not sharded. */
	public int shardIndex() {
		return this.request.shardIndex();
	}

	/** How many shards the fire made; 0 when the call is not sharded. */
	public int shardTotal() {
		return this.request.shardTotal();
	}

	/**
	 * This shard's parameters as the job lists them (opaque text, often JSON); empty when
	 * the call is not sharded or the job gives none.
	 */
	public Optional<String> shardParams() {
		return Optional.ofNullable(this.request.shardParams());
	}

	/**
	 * Whether item number {@code item} (from 0) is this shard's when items are dealt out
	 * round-robin ({@code item % shardTotal() == shardIndex()}); every item is when the
	 * call is not sharded.
	 */
	public boolean ownsItem(long item) {
		return !sharded() || item % shardTotal() == shardIndex();
	}

	/** When the run times out: a sync answer or an async result must come before it. */
	public Optional<Instant> deadline() {
		return Optional.ofNullable(this.request.deadline());
	}

	/** Whether the handler is async (its result is reported rather than answered). */
	public boolean async() {
		return this.async;
	}

	/** Reports progress, 0..100. */
	public ReportResponse reportProgress(int percent) {
		return reportProgress(Progress.of(percent));
	}

	/** Reports progress, 0..100, with the state a later attempt can resume from. */
	public ReportResponse reportProgress(int percent, String resumePayload) {
		return reportProgress(Progress.of(percent, resumePayload));
	}

	/** Reports progress to crony-web. */
	public ReportResponse reportProgress(Progress progress) {
		return this.client.reportProgress(execution(), progress);
	}

	/** Finishes the run as SUCCEEDED (see {@link #finish}). */
	public ReportResponse succeed(String message) {
		return finish(Result.succeeded(message));
	}

	/** Finishes the run as SUCCEEDED with output (see {@link #finish}). */
	public ReportResponse succeed(String message, String output) {
		return finish(Result.succeeded(message).withOutput(output));
	}

	/** Finishes the run as FAILED (see {@link #finish}). */
	public ReportResponse fail(String message) {
		return finish(Result.failed(message));
	}

	/**
	 * Finishes the run: an async run's result is reported to crony-web now, a sync run's
	 * is the answer its handler gives when it returns.
	 * @return crony-web's answer for an async run; {@code null} for a sync one
	 * @throws IllegalStateException when the run was already finished
	 */
	public ReportResponse finish(Result result) {
		if (!this.result.compareAndSet(null, result)) {
			throw new IllegalStateException("crony: execution " + executionId() + " was already finished");
		}
		return this.async ? this.client.reportResult(execution(), result) : null;
	}

	/** The result set by {@link #finish}, or {@code null}. */
	Result finished() {
		return this.result.get();
	}

}
