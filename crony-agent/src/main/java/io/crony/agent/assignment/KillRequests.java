package io.crony.agent.assignment;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.schedule.FiringEngine;
import io.crony.common.execution.KillRequest;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.watch.WatchEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels the runs an operator asked to kill. A kill of a run this agent does not hold is
 * no error: the run may have ended, or be on another agent.
 */
final class KillRequests {

	private static final Logger logger = LoggerFactory.getLogger(KillRequests.class);

	private final String agentId;

	private final FiringEngine engine;

	KillRequests(String agentId, FiringEngine engine) {
		this.agentId = agentId;
		this.engine = engine;
	}

	void onEvent(WatchEvent event) {
		if (event.getEventType() == WatchEvent.EventType.PUT) {
			KillRequest kill = CronyJson.fromBytes(event.getKeyValue().getValue().getBytes(), KillRequest.class);
			boolean found = this.engine.cancel(kill.executionId(),
					Reason.of(ReasonCode.RUN_CANCELLED_BY, kill.requestedBy()));
			logger.info("Agent {} kill of execution {} by {}: {}", this.agentId, kill.executionId(), kill.requestedBy(),
					found ? "cancelled" : "not running here");
		}
	}

}
