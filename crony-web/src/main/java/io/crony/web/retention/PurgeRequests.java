package io.crony.web.retention;

import java.time.Duration;

import io.crony.web.support.PeriodicTask;

import org.springframework.stereotype.Component;

/**
 * Takes up the purges admins ask for ({@code POST /api/v1/retention/purges}), on the
 * leader, every {@code crony.web.retention.request-poll}: a request reaches the leader
 * through the database whichever instance took it, and waits at most that long.
 */
@Component
class PurgeRequests extends PeriodicTask {

	private final ExecutionPurge purge;

	private final RetentionProperties properties;

	PurgeRequests(ExecutionPurge purge, RetentionProperties properties) {
		super("crony-purge-requests", "Taking up a requested purge");
		this.purge = purge;
		this.properties = properties;
	}

	@Override
	protected void round() {
		this.purge.purgeIfRequested();
	}

	@Override
	protected Duration interval() {
		return this.properties.requestPoll();
	}

	@Override
	protected boolean enabled() {
		return this.properties.enabled();
	}

}
