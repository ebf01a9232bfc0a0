package io.crony.sdk.spring;

import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import io.crony.sdk.CronyClient;
import io.crony.sdk.CronyException;
import io.crony.sdk.Outcome;
import io.crony.sdk.Result;

/**
 * Runs a run's handler, whichever way the agent called: a sync handler inline, its answer
 * the result; an async one on the {@link AsyncJobRunner}, answered ACCEPTED at once and
 * its result reported to crony-web when it ends.
 */
final class JobDispatcher {

	private static final Logger log = LoggerFactory.getLogger(JobDispatcher.class);

	private final CronyJobRegistry registry;

	private final CronyClient client;

	private final ObjectMapper json;

	private final AsyncJobRunner runner;

	JobDispatcher(CronyJobRegistry registry, CronyClient client, ObjectMapper json, AsyncJobRunner runner) {
		this.registry = registry;
		this.client = client;
		this.json = json;
		this.runner = runner;
	}

	/** The answer for the agent; empty when no handler has the run's handler name. */
	Optional<Result> dispatch(JobRequest request) {
		return this.registry.find(request.handler()).map((handler) -> {
			JobContext context = new JobContext(request, handler.async(), this.client, this.json);
			return handler.async() ? start(handler, context) : runSync(handler, context);
		});
	}

	/**
	 * Asks the status method named by the request's handler.
	 * @return its answer; empty when no status method has that name
	 * @throws Throwable what the method threw
	 */
	Optional<JobStatus> status(JobRequest request) throws Throwable {
		Optional<JobHandler> method = this.registry.findStatus(request.handler());
		if (method.isEmpty()) {
			return Optional.empty();
		}
		JobContext context = new JobContext(request, false, this.client, this.json);
		Object value = method.get().invoke(context);
		if (!(value instanceof JobStatus status)) {
			throw new IllegalStateException("@CronyJobStatus \"" + request.handler() + "\" answered no JobStatus");
		}
		return Optional.of(status);
	}

	/** What to tell the agent when no status method matches. */
	String unknownStatus(String name) {
		return "crony: no status method \"" + name + "\" in this service (it has: "
				+ String.join(", ", this.registry.statusNames()) + ")";
	}

	/** What to tell the agent when no handler matches. */
	String unknownHandler(String name) {
		return "crony: no handler \"" + name + "\" in this service (it has: " + String.join(", ", this.registry.names())
				+ ")";
	}

	private Result runSync(JobHandler handler, JobContext context) {
		try (MdcScope mdc = MdcScope.of(context)) {
			Object value = handler.invoke(context);
			if (value instanceof CompletionStage<?> stage) {
				value = stage.toCompletableFuture().join();
			}
			Result result = (context.finished() != null) ? context.finished() : resultOf(value);
			log.debug("Handler {} execution {} answered {}", context.handler(), context.executionId(),
					result.outcome());
			return result;
		}
		catch (Throwable ex) {
			return failure(context, ex);
		}
	}

	private Result start(JobHandler handler, JobContext context) {
		try {
			this.runner.execute(() -> runAsync(handler, context));
			return Result.accepted();
		}
		catch (RejectedExecutionException ex) {
			log.warn("Handler {} execution {} refused: every async worker is busy", context.handler(),
					context.executionId());
			return Result.failed("crony: every async worker of this service is busy");
		}
	}

	private void runAsync(JobHandler handler, JobContext context) {
		try (MdcScope mdc = MdcScope.of(context)) {
			Object value = handler.invoke(context);
			if (value instanceof CompletionStage<?> stage) {
				stage.whenComplete((done, error) -> report(context, done, error));
				return;
			}
			report(context, value, null);
		}
		catch (Throwable ex) {
			report(context, null, ex);
		}
	}

	private void report(JobContext context, Object value, Throwable error) {
		if (context.finished() != null) {
			return; // the handler reported by itself
		}
		Result result = (error != null) ? failure(context, error) : resultOf(value);
		if (result.outcome() == Outcome.ACCEPTED) {
			return; // the handler keeps the execution and reports later
		}
		try (MdcScope mdc = MdcScope.of(context)) {
			context.finish(result);
			log.debug("Handler {} execution {} reported {}", context.handler(), context.executionId(),
					result.outcome());
		}
		catch (IllegalStateException ex) {
			// finished concurrently by the handler: its report stands
		}
		catch (CronyException ex) {
			log.error("Handler {} execution {} could not report {}: {}", context.handler(), context.executionId(),
					result.outcome(), ex.getMessage());
		}
	}

	/** A handler's return value as the run's result. */
	static Result resultOf(Object value) {
		if (value == null) {
			return Result.succeeded(null);
		}
		if (value instanceof Result result) {
			return result;
		}
		return Result.succeeded(String.valueOf(value));
	}

	private static Result failure(JobContext context, Throwable error) {
		Throwable cause = (error instanceof CompletionException && error.getCause() != null) ? error.getCause() : error;
		log.warn("Handler {} execution {} failed: {}", context.handler(), context.executionId(), cause.toString());
		String message = (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getName();
		return Result.failed(message);
	}

	/** Puts the run's ids in the MDC for the log lines of its handler. */
	private record MdcScope(MDC.MDCCloseable job, MDC.MDCCloseable execution) implements AutoCloseable {

		static MdcScope of(JobContext context) {
			return new MdcScope(MDC.putCloseable("jobId", String.valueOf(context.jobId())),
					MDC.putCloseable("executionId", String.valueOf(context.executionId())));
		}

		@Override
		public void close() {
			this.execution.close();
			this.job.close();
		}

	}

}
