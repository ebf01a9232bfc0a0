package io.crony.web.execution;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import io.crony.web.db.LockRetry;
import io.crony.web.db.DatabaseBusyException;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.job.JobNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * "Run now": claims an execution row, then hands the agent that holds the job a one-shot
 * request in etcd. A job that no live agent holds yet while agents are up (just created
 * or enabled, or moving off an agent that left) is being placed by the leader: the run
 * waits for that, up to {@link #PLACEMENT_WAIT}. When no live agent holds the job then
 * the row is removed again, so a refused run leaves nothing behind. Each write to
 * {@code execution} is retried when it loses a lock to the agents' batched writes
 * ({@link LockRetry}); a run that cannot be recorded is answered 503 with nothing left
 * behind, never a 500.
 */
@Service
public class RunService {

	private static final Logger log = LoggerFactory.getLogger(RunService.class);

	/**
	 * Two runs of one job requested in the same millisecond are rare; this bounds the
	 * search for a free instant.
	 */
	private static final int MAX_CLAIM_ATTEMPTS = 1000;

	/**
	 * How long a run waits for its job to be placed. The leader places a new job within
	 * its change poll (500 ms by default) and a moving one within the failover: seconds.
	 */
	static final Duration PLACEMENT_WAIT = Duration.ofSeconds(5);

	// the job row's agent is read this often meanwhile: one indexed read, not etcd's keys
	private static final long PLACEMENT_POLL_MILLIS = 100;

	private final ExecutionMapper executions;

	private final AgentRequests agents;

	private final AgentRegistry registry;

	private final LockRetry retry;

	private final AuditLog audit;

	private final RunIds ids;

	RunService(ExecutionMapper executions, AgentRequests agents, AgentRegistry registry, LockRetry retry,
			AuditLog audit, RunIds ids) {
		this.audit = audit;
		this.ids = ids;
		this.executions = executions;
		this.agents = agents;
		this.registry = registry;
		this.retry = retry;
	}

	/**
	 * @return the new execution's id
	 * @throws JobNotFoundException when the department has no such job
	 * @throws JobNotRunnableException when the job is disabled or no live agent holds it
	 */
	public long run(long jobId, String params, String by) {
		ExecutionMapper.RunnableJob job = this.executions.findJob(jobId, Departments.current());
		if (job == null) {
			throw new JobNotFoundException(jobId);
		}
		if (!job.enabled) {
			throw new JobNotRunnableException("job " + jobId + " is disabled; enable it first");
		}
		ExecutionEntity execution = this.retry.call("recording the run", () -> claim(job, params));
		long executionId = execution.getId();
		String agent;
		try {
			OnceRequest request = new OnceRequest(executionId, jobId, TriggerType.MANUAL, params,
					execution.getScheduledAt(), by);
			agent = placeOncePlaced(job, request).orElse(null);
		}
		catch (EtcdUnavailableException ex) {
			unclaim(executionId);
			throw ex;
		}
		if (agent == null) {
			unclaim(executionId);
			throw new JobNotRunnableException("job " + jobId + " is not assigned to a live agent");
		}
		placedOn(executionId, agent);
		this.audit.record(AuditAction.JOB_RUN, jobId, job.name, null, new AuditedRun(executionId, agent, params, null));
		log.info("Job {} execution {} requested on agent {} by {}", jobId, executionId, agent, by);
		return executionId;
	}

	/**
	 * Names the agent on the row (what a cancel needs). When that write keeps losing its
	 * lock the request is withdrawn and the row removed, so the 503 leaves nothing; if
	 * the agent took the request already the run is real (the agent names itself on the
	 * row when it starts) and is answered as requested.
	 */
	private void placedOn(long executionId, String agent) {
		try {
			this.retry.run("placing the run", () -> this.executions.placeOn(executionId, agent));
		}
		catch (DatabaseBusyException ex) {
			if (this.agents.withdrawRun(agent, executionId)) {
				unclaim(executionId);
				throw ex;
			}
			log.warn("Execution {} taken by agent {} before the row could name it", executionId, agent);
		}
	}

	private void unclaim(long executionId) {
		this.retry.run("removing the refused run", () -> this.executions.deleteById(executionId));
	}

	/**
	 * The run placed on the job's agent; while none holds the job but agents are up, the
	 * leader is placing it, so the run waits for the job row to name its agent, at most
	 * {@link #PLACEMENT_WAIT}.
	 */
	private Optional<String> placeOncePlaced(ExecutionMapper.RunnableJob job, OnceRequest request) {
		Optional<String> agent = place(job, request);
		long deadline = System.nanoTime() + PLACEMENT_WAIT.toNanos();
		while (agent.isEmpty() && !this.registry.liveAgents().isEmpty() && System.nanoTime() < deadline) {
			if (!pause()) {
				break;
			}
			// asked each time: the leader may name the agent on the row before or after
			// it writes the assignment the request is checked against
			String recorded = this.executions.agentOfJob(job.id);
			if (recorded != null && this.agents.requestRun(recorded, request)) {
				agent = Optional.of(recorded);
			}
		}
		return agent;
	}

	/**
	 * @return false when the request's thread was interrupted (the server stops)
	 */
	private static boolean pause() {
		try {
			Thread.sleep(PLACEMENT_POLL_MILLIS);
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** The job's recorded agent first (one round trip), else whoever holds it in etcd. */
	private Optional<String> place(ExecutionMapper.RunnableJob job, OnceRequest request) {
		if (job.agentId != null && this.agents.requestRun(job.agentId, request)) {
			return Optional.of(job.agentId);
		}
		Optional<String> holder = this.agents.findHolder(job.id);
		if (holder.isPresent() && this.agents.requestRun(holder.get(), request)) {
			return holder;
		}
		return Optional.empty();
	}

	private ExecutionEntity claim(ExecutionMapper.RunnableJob job, String params) {
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		ExecutionEntity row = new ExecutionEntity();
		row.setJobId(job.id);
		row.setJobName(job.name);
		row.setTriggerType(TriggerType.MANUAL);
		row.setStatus(ExecutionStatus.PENDING);
		row.setAttempt(1);
		row.setParams(params);
		row.setUpdatedAt(now);
		// one id for every instant tried: it is the run's whatever instant it lands on
		row.setId(this.ids.next());
		Instant at = offTheSecond(now);
		for (int attempt = 0;; attempt++) {
			row.setScheduledAt(at);
			try {
				this.executions.insert(row);
				return row;
			}
			catch (DuplicateKeyException ex) {
				// (job_id, scheduled_at) taken: another run of the job requested in the
				// same millisecond (here or on another web instance), or a workflow run's
				// member shifted onto it; the next free millisecond, still off the second
				if (attempt >= MAX_CLAIM_ATTEMPTS) {
					throw ex;
				}
				at = offTheSecond(at.plusMillis(1));
			}
		}
	}

	/**
	 * A manual run's instant: the request's millisecond, never a whole second. Scheduled
	 * fires are whole seconds, and a fire's row may be inserted after the run's (once
	 * records are written only at the run's end, docs/scaling.md "Plan" 3): a manual run
	 * on a whole second would take that fire's key (job_id, scheduled_at). A request at
	 * {@code .000} takes {@code .001}.
	 */
	static Instant offTheSecond(Instant at) {
		return (at.getNano() == 0) ? at.plusMillis(1) : at;
	}

}
