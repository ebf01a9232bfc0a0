package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.swagger.v3.oas.annotations.Parameter;

/**
 * Filters of {@code GET /executions}; absent ones do not filter.
 *
 * @param jobId executions of this job
 * @param agentId executions run by this agent
 * @param status executions in this status
 * @param trigger executions started this way
 * @param from scheduled at or after this instant (ISO-8601)
 * @param to scheduled before this instant (ISO-8601)
 */
record ExecutionFilter(@Parameter(description = "executions of this job") Long jobId,
		@Parameter(description = "executions run by this agent") String agentId,
		@Parameter(description = "executions in this status") ExecutionStatus status,
		@Parameter(description = "executions started this way") TriggerType trigger,
		@Parameter(description = "scheduled at or after (ISO-8601 instant)") Instant from,
		@Parameter(description = "scheduled before (ISO-8601 instant)") Instant to) {

}
