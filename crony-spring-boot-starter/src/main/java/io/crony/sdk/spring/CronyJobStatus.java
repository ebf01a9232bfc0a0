package io.crony.sdk.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method as the answer to {@code crony.v1.JobTarget/Status} for handler
 * {@code name}: an ASYNC gRPC job whose {@code target.statusUrl} is {@code /name} is
 * asked through it, every status interval, on the instance that took the call, instead of
 * waiting for a report.
 * <p>
 * Parameters are filled as a {@link CronyJob} method's: a {@link JobContext} (execution,
 * job id and name, the status handler's name, the accepted attempt, params; no schedule,
 * deadline or shard), a {@code String} (the params) or a type bound from the params'
 * JSON. It returns a {@link JobStatus}; an exception, or no value, is no answer (the
 * agent asks again), not the run's failure.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CronyJobStatus {

	/** The status handler's name, unique among the service's status methods. */
	String value();

}
