package io.crony.web.cluster.leader;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.leadership.LeaderTerm;

/**
 * What the full reconcile, its corrections and the change scan of one term share: they
 * read the same tables, decide from the same state and view, and write through the same
 * writers, so that a job is brought in line the same way whichever of them found it.
 *
 * @param term the term they act for
 * @param jobTable table {@code job} and its change rows
 * @param state the jobs and agents the leader knows
 * @param chooser picks and checks agents for jobs
 * @param view the keys the leader holds
 * @param writer writes the keys
 * @param planWriter writes a reconcile's plan
 * @param mirror keeps {@code job.agent_id} following the keys
 * @param gate where a test holds or watches them
 */
record ReconcileParts(LeaderTerm term, JobTable jobTable, LeaderState state, AgentChooser chooser, AssignmentView view,
		AssignmentWriter writer, PlanWriter planWriter, AgentIdMirror mirror, ReconcileGate gate) {

	/**
	 * A job whose row is gone: forgotten, and its key, if the view holds one, deleted
	 * (whichever of the change scan or a reconcile's correction found it gone).
	 */
	void forgetDeleted(long jobId) throws InterruptedException {
		this.state.forgetJob(jobId);
		Placement placement = this.view.get(jobId);
		if (placement != null) {
			this.writer.delete(placement, true);
		}
	}

}
