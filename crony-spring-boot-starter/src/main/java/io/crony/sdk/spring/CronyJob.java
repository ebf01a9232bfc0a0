package io.crony.sdk.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method as the handler of a Crony job: the starter serves it to agents at
 * {@code POST /crony/jobs/{name}} and as {@code crony.v1.JobTarget/Execute} with handler
 * {@code name}.
 * <p>
 * Parameters may be a {@link JobContext}, a {@code String} (the run's params as sent) or
 * any other type, bound from the params' JSON. A <b>sync</b> handler's return value is
 * the run's result: a {@link io.crony.sdk.Result} as it is, nothing for SUCCEEDED, any
 * other value SUCCEEDED with the value as message; an exception makes the run FAILED with
 * its message. An <b>async</b> handler ({@code async = true}, for a job whose target mode
 * is ASYNC) is answered ACCEPTED at once and runs on the starter's executor; its result,
 * or the completion of a {@link java.util.concurrent.CompletionStage} it returns, is
 * reported to crony-web unless it already called {@link JobContext#succeed} or
 * {@link JobContext#fail}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CronyJob {

	/**
	 * The handler's name: the last path segment of the job's target
	 * ({@code http://svc/crony/jobs/NAME}, {@code static://host:port/NAME}) or, for a
	 * gRPC target without a path, the job's name. Unique within the service.
	 */
	String value();

	/** Whether the agent is answered ACCEPTED at once and the result reported later. */
	boolean async() default false;

}
