package io.crony.alert;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Alert settings, the same keys on web and agent.
 *
 * @param enabled whether this process sends alerts at all
 * @param minInterval at most one alert per job and rule (or per platform subject) within
 * this interval; the rest are recorded as SUPPRESSED and counted in the next one sent
 * @param dashboardUrl base URL of the dashboard, for the links in messages
 * @param maxAttempts attempts to send one alert to one channel, the first included
 * @param backoff wait before the second attempt; doubles for each further one
 * @param sendTimeout connect and read timeout of one attempt (HTTP and SMTP)
 * @param channelCacheTtl how long the agent reuses channels read from the database
 * @param queueCapacity alerts waiting to be handled; beyond it new ones are dropped
 * (logged and counted) so that alerting never holds up runs
 * @param senderThreads threads that send (a slow channel holds only one)
 */
@ConfigurationProperties("crony.alert")
public record AlertProperties(@DefaultValue("true") boolean enabled, @DefaultValue("10m") Duration minInterval,
		@DefaultValue("http://127.0.0.1:8080") String dashboardUrl, @DefaultValue("3") int maxAttempts,
		@DefaultValue("1s") Duration backoff, @DefaultValue("10s") Duration sendTimeout,
		@DefaultValue("30s") Duration channelCacheTtl, @DefaultValue("10000") int queueCapacity,
		@DefaultValue("4") int senderThreads) {

	/** The defaults, for code built without Spring's binder. */
	public static AlertProperties defaults() {
		return new AlertProperties(true, Duration.ofMinutes(10), "http://127.0.0.1:8080", 3, Duration.ofSeconds(1),
				Duration.ofSeconds(10), Duration.ofSeconds(30), 10000, 4);
	}

	/** The dashboard page of a run, or of its job when the run has no id. */
	public String runLink(long jobId, Long executionId) {
		String base = this.dashboardUrl.endsWith("/") ? this.dashboardUrl.substring(0, this.dashboardUrl.length() - 1)
				: this.dashboardUrl;
		return (executionId != null && executionId > 0) ? base + "/executions/" + executionId : base + "/jobs/" + jobId;
	}

	/** A dashboard page by its path ({@code /agents}). */
	public String link(String path) {
		String base = this.dashboardUrl.endsWith("/") ? this.dashboardUrl.substring(0, this.dashboardUrl.length() - 1)
				: this.dashboardUrl;
		return base + path;
	}

}
