package io.crony.web.workflow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.common.job.JobSpec;

import org.springframework.stereotype.Component;

/**
 * Tells a job's alert channels that a run of it was stopped because an upstream failed
 * (when the job alerts on failure), deduplicated per job like its run alerts.
 */
@Component
class WorkflowAlerts {

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final AlertProperties properties;

	WorkflowAlerts(AlertDispatcher dispatcher, AlertStore store, AlertProperties properties) {
		this.dispatcher = dispatcher;
		this.store = store;
		this.properties = properties;
	}

	void upstreamFailed(JobSpec job, long executionId, Instant scheduledAt, CycleGate.Decision.Stopped stopped) {
		if (!this.properties.enabled() || !job.alerts().active() || !job.alerts().onFailure()) {
			return;
		}
		Alert alert = new Alert(AlertKind.UPSTREAM_FAILED, "job:" + job.id() + ":" + AlertKind.UPSTREAM_FAILED,
				new AlertFacts.UpstreamFailed(stopped.upstream(), stopped.failure().id(),
						stopped.failure().status().name()),
				job.id(), job.name(), executionId, null, scheduledAt, null, LiveCycles.stopReason(stopped).text(),
				this.properties.link("/executions/" + executionId), Instant.now().truncatedTo(ChronoUnit.MILLIS),
				Alert.zoneOf(job.timeZone()), 0, null);
		this.dispatcher.raise(alert, () -> this.store.channels(job.alerts().channelIds()));
	}

}
