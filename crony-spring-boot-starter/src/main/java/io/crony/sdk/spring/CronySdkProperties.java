package io.crony.sdk.spring;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a service reaches crony-web and serves its jobs ({@code crony.sdk.*}).
 *
 * @param enabled whether the starter is on at all; false: none of its beans is created
 * (no client, no HTTP endpoint, no gRPC service)
 * @param webUrl crony-web's base URL (http://crony-web:8080); unset: found by
 * {@code webService} through the service's discovery client (Eureka), which needs
 * OpenFeign and LoadBalancer on the classpath
 * @param webService crony-web's service name in discovery, used when no URL is set
 * @param connectTimeout how long a report waits for a connection to crony-web
 * @param requestTimeout how long a report waits for crony-web's answer
 * @param retry how reports that get no answer are retried
 * @param http the HTTP endpoint agents call
 * @param grpc the gRPC JobTarget service agents call
 * @param async the workers async handlers run on
 */
@ConfigurationProperties("crony.sdk")
public record CronySdkProperties(@DefaultValue("true") boolean enabled, String webUrl,
		@DefaultValue("crony-web") String webService, @DefaultValue("5s") Duration connectTimeout,
		@DefaultValue("30s") Duration requestTimeout, @DefaultValue Retry retry, @DefaultValue Http http,
		@DefaultValue Grpc grpc, @DefaultValue Async async) {

	/**
	 * Retries of reports that got no answer (network errors, 502/503/504); refusals are
	 * never retried.
	 *
	 * @param maxAttempts how often a report is sent at most (1 = never retried)
	 * @param backoff the wait before the first retry, doubled for each further one
	 * @param maxBackoff the longest wait between two attempts
	 */
	public record Retry(@DefaultValue("3") int maxAttempts, @DefaultValue("200ms") Duration backoff,
			@DefaultValue("30s") Duration maxBackoff) {

	}

	/**
	 * The HTTP endpoint {@code POST /crony/jobs/{name}}.
	 *
	 * @param enabled whether the service serves its jobs over HTTP
	 */
	public record Http(@DefaultValue("true") boolean enabled) {

	}

	/**
	 * The gRPC service {@code crony.v1.JobTarget} on the service's gRPC server (its port
	 * is {@code grpc.server.port}).
	 *
	 * @param enabled whether the service serves its jobs over gRPC
	 */
	public record Grpc(@DefaultValue("true") boolean enabled) {

	}

	/**
	 * The workers of async handlers.
	 *
	 * @param threads how many async handlers run at once
	 * @param queueCapacity how many accepted runs may wait for a worker; beyond that a
	 * run is answered FAILED and the job's retry policy applies
	 * @param shutdownTimeout how long shutdown waits for running async handlers to finish
	 * and report
	 */
	public record Async(@DefaultValue("8") int threads, @DefaultValue("1000") int queueCapacity,
			@DefaultValue("30s") Duration shutdownTimeout) {

	}

}
