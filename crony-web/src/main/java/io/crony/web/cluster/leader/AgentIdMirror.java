package io.crony.web.cluster.leader;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;

/**
 * Keeps column {@code job.agent_id} (what the dashboard shows) following the assignment
 * keys. It is a mirror, never read back to decide anything, so it is written after a
 * step's transactions have finished, and only where it differs.
 */
final class AgentIdMirror {

	private final AssignmentWriter writer;

	private final AssignmentView view;

	private final JobTable jobTable;

	AgentIdMirror(AssignmentWriter writer, AssignmentView view, JobTable jobTable) {
		this.writer = writer;
		this.view = view;
		this.jobTable = jobTable;
	}

	/** Writes where the jobs written since the last flush now are. */
	void flush() {
		Map<Long, String> changed = this.writer.takeMirror();
		if (changed.isEmpty()) {
			return;
		}
		Map<Long, String> placements = new HashMap<>();
		changed.keySet().forEach((jobId) -> placements.put(jobId, agentOf(jobId)));
		this.jobTable.mirror(placements);
	}

	/**
	 * After a full reconcile or a slice of its corrections: corrects every row whose
	 * column differs from the view, which covers what the writes changed, so those are
	 * not written again; a job written that is not among the rows is mirrored as
	 * {@link #flush()} would.
	 * @param columns job id to {@code agent_id} as the rows had it (null: none)
	 */
	void correct(Map<Long, String> columns) {
		Map<Long, String> written = this.writer.takeMirror();
		Map<Long, String> differences = new HashMap<>();
		columns.forEach((jobId, column) -> {
			String agentId = agentOf(jobId);
			if (!Objects.equals(column, agentId)) {
				differences.put(jobId, agentId);
			}
		});
		written.keySet().forEach((jobId) -> {
			if (!columns.containsKey(jobId)) {
				differences.put(jobId, agentOf(jobId));
			}
		});
		this.jobTable.mirror(differences);
	}

	private String agentOf(long jobId) {
		Placement current = this.view.get(jobId);
		return (current != null) ? current.agentId() : null;
	}

}
