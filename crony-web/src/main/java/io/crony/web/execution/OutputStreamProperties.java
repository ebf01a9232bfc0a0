package io.crony.web.execution;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The live output streams of running executions ({@code GET
 * /api/v1/executions/{id}/output/stream}).
 *
 * @param pollInterval how often each streamed run's row is read for changes
 * @param maxStreams most streams open at once on this instance; one more is answered 429
 * @param maxDuration how long one stream stays open at most (the client opens another to
 * follow on)
 * @param keepAlive a comment line is sent after this long without an event, so proxies
 * keep the connection open
 */
@ConfigurationProperties("crony.web.output-stream")
record OutputStreamProperties(@DefaultValue("500ms") Duration pollInterval, @DefaultValue("100") int maxStreams,
		@DefaultValue("30m") Duration maxDuration, @DefaultValue("15s") Duration keepAlive) {

	OutputStreamProperties {
		pollInterval = (pollInterval.compareTo(Duration.ofMillis(100)) < 0) ? Duration.ofMillis(100) : pollInterval;
		maxStreams = Math.max(1, maxStreams);
	}

}
