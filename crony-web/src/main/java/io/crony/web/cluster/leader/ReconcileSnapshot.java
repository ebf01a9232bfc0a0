package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.cluster.assignment.Placement;

/**
 * What a periodic full reconcile read off the decision thread: every assignment key at
 * one etcd revision, then every job row, kept small (no spec: the few rows that need a
 * write are read again when the corrections are applied). The rows were read after the
 * revision, so a key that changed after it is newer than what the rows are compared with.
 *
 * @param revision the etcd revision the keys were read at
 * @param keys every key by job id
 * @param rows every job row
 */
record ReconcileSnapshot(long revision, Map<Long, List<Placement>> keys, List<Row> rows) {

	static ReconcileSnapshot read(StoredAssignments stored, JobTable jobTable, ReconcileReadGate gate)
			throws InterruptedException {
		Map<Long, List<Placement>> keys = new HashMap<>();
		long revision = stored
			.everywhere((key) -> keys.computeIfAbsent(key.jobId(), (id) -> new ArrayList<>(1)).add(key.placement()));
		gate.pass();
		List<Row> rows = new ArrayList<>();
		// parsing each spec here, not on the decision thread, is most of a reconcile's
		// CPU
		jobTable
			.forEach((row) -> rows.add(new Row(row.id(), row.version(), row.enabled(), row.agentId(), row.state())));
		return new ReconcileSnapshot(revision, keys, rows);
	}

	/**
	 * One job row as read.
	 *
	 * @param id job id
	 * @param version definition version
	 * @param enabled whether the job fires
	 * @param agentId the mirrored column
	 * @param job what placement needs of it
	 */
	record Row(long id, long version, boolean enabled, String agentId, PlaceableJob job) {

		/** The row for the plan: without a spec, which only the writes need. */
		JobRow asJobRow() {
			return new JobRow(this.id, this.version, this.enabled, null, this.agentId);
		}

	}

}
