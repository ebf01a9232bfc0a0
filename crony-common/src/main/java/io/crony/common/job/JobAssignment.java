package io.crony.common.job;

import java.time.Instant;

/**
 * The value under {@code /crony/node/{agentId}/job/{jobId}}: the job an agent must run.
 *
 * @param job the job definition at the version the leader published
 * @param epoch the term of the leader that wrote this assignment (its election revision),
 * so an agent can tell a newer decision from an older one
 * @param assignedAt when the leader wrote it
 * @param formerHolder the agent the job moved from, when the leader wrote this key as a
 * move, or the agent its key was deleted from shortly before the leader placed it anew
 * here (disabled and enabled, or its selector matching no agent and then one); null for
 * another placement anew, a spec updated in place, or a value an older web wrote. The new
 * holder judges the instants the job missed by it: one that did not hand the job over may
 * have run some of them unrecorded (the agent's {@code FormerHolderFires})
 */
public record JobAssignment(JobSpec job, long epoch, Instant assignedAt, String formerHolder) {

	/** An assignment that is no move: a job placed anew, or its spec updated in place. */
	public JobAssignment(JobSpec job, long epoch, Instant assignedAt) {
		this(job, epoch, assignedAt, null);
	}

}
