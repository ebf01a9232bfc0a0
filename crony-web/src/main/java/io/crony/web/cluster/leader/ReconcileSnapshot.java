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
 * The rows are in the order of id (they are read by id, a page at a time).
 *
 * @param revision the etcd revision the keys were read at
 * @param keys every key by job id
 * @param rows every job row
 */
record ReconcileSnapshot(long revision, Map<Long, List<Placement>> keys, List<Row> rows) {

	static ReconcileSnapshot read(StoredAssignments stored, JobTable jobTable, ReconcileGate gate)
			throws InterruptedException {
		Map<Long, List<Placement>> keys = new HashMap<>();
		long revision = stored
			.everywhere((key) -> keys.computeIfAbsent(key.jobId(), (id) -> new ArrayList<>(1)).add(key.placement()));
		gate.passRead();
		List<Row> rows = new ArrayList<>();
		// parsing each spec here, not on the decision thread, is most of a reconcile's
		// CPU
		jobTable
			.forEach((row) -> rows.add(new Row(row.id(), row.version(), row.enabled(), row.agentId(), row.state())));
		return new ReconcileSnapshot(revision, keys, rows);
	}

	/** Whether the job's row was read (a binary search: the rows are by id). */
	boolean hasRow(long jobId) {
		int low = 0;
		int high = this.rows.size() - 1;
		while (low <= high) {
			int middle = (low + high) >>> 1;
			long id = this.rows.get(middle).id();
			if (id < jobId) {
				low = middle + 1;
			}
			else if (id > jobId) {
				high = middle - 1;
			}
			else {
				return true;
			}
		}
		return false;
	}

	/**
	 * The highest id read, 0 for none: a job with a higher id was not committed yet when
	 * the last page was read, which reads every id past the page before.
	 */
	long lastId() {
		return this.rows.isEmpty() ? 0 : this.rows.get(this.rows.size() - 1).id();
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
