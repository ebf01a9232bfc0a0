package io.crony.web.execution;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.db.LockRetry;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.KillRequest;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * Cancels an execution: a run request the agent has not taken is withdrawn and the row
 * marked CANCELLED; a running one gets a kill request that the agent acts on (the
 * request's lease makes it expire if the agent never does).
 */
@Service
class CancelService {

	static final Duration KILL_TTL = Duration.ofSeconds(60);

	private static final Logger log = LoggerFactory.getLogger(CancelService.class);

	private final ExecutionMapper executions;

	private final AgentRequests agents;

	private final LockRetry retry;

	private final AuditLog audit;

	CancelService(ExecutionMapper executions, AgentRequests agents, LockRetry retry, AuditLog audit) {
		this.audit = audit;
		this.executions = executions;
		this.agents = agents;
		this.retry = retry;
	}

	CancelResponse cancel(long executionId, String by) {
		ExecutionEntity execution = this.executions.findInDepartment(executionId, Departments.current());
		if (execution == null) {
			throw new ExecutionNotFoundException(executionId);
		}
		if (execution.getStatus().isFinal()) {
			throw new ExecutionNotCancellableException(
					"execution " + executionId + " has ended already (" + execution.getStatus() + ")");
		}
		String agentId = execution.getAgentId();
		if (agentId == null) {
			throw new ExecutionNotCancellableException("execution " + executionId + " is on no agent yet");
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		if (execution.getStatus() == ExecutionStatus.PENDING && this.agents.withdrawRun(agentId, executionId)) {
			this.retry.run("cancelling the run", () -> this.executions.cancelPending(executionId, now));
			log.info("Job {} execution {} cancelled before agent {} took it, by {}", execution.getJobId(), executionId,
					agentId, by);
			audit(execution, CancelResponse.Outcome.CANCELLED);
			return new CancelResponse(executionId, CancelResponse.Outcome.CANCELLED);
		}
		// running, or taken by the agent a moment ago: only the agent can stop it
		this.agents.requestKill(agentId, new KillRequest(executionId, by, now), KILL_TTL);
		log.info("Job {} execution {} kill requested on agent {} by {}", execution.getJobId(), executionId, agentId,
				by);
		audit(execution, CancelResponse.Outcome.KILL_REQUESTED);
		return new CancelResponse(executionId, CancelResponse.Outcome.KILL_REQUESTED);
	}

	private void audit(ExecutionEntity execution, CancelResponse.Outcome outcome) {
		this.audit.record(AuditAction.EXECUTION_CANCEL, execution.getJobId(), null, null,
				new AuditedRun(execution.getId(), execution.getAgentId(), null, outcome.name()));
	}

	/**
	 * @param executionId the execution
	 * @param outcome CANCELLED (it never ran) or KILL_REQUESTED (the agent stops it and
	 * records the final status)
	 */
	record CancelResponse(long executionId, Outcome outcome) {

		enum Outcome {

			CANCELLED, KILL_REQUESTED

		}

	}

}
