package io.crony.web.cluster.leader;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.crony.web.cluster.ClusterMetrics;
import io.crony.web.cluster.ClusterProperties;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.LeftHolders;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.etcd.jetcd.KV;

/**
 * What one leader term works with, fixed for the term: its fence, settings, key layout,
 * the etcd reads and fenced writes, and the tables. Nothing here is replaced during the
 * term (what changes is in {@link LeaderState}); each step takes only the parts it uses.
 *
 * @param term the term, whose fence every write carries
 * @param properties the cluster settings
 * @param keys the etcd key layout
 * @param stored reads of the assignment keys from etcd
 * @param view the assignments as the term's writes left them
 * @param writer the term's fenced writes of assignment keys
 * @param jobTable reads of table job and the agent_id mirror
 * @param agentTable writes of tables agent and agent_event
 * @param metrics the cluster's gauges and counters
 */
record LeaderTools(LeaderTerm term, ClusterProperties properties, CronyKeys keys, StoredAssignments stored,
		AssignmentView view, AssignmentWriter writer, JobTable jobTable, AgentTable agentTable,
		ClusterMetrics metrics) {

	static LeaderTools forTerm(LeaderTerm term, ClusterProperties properties, CronyKeys keys, KV kv, JobTable jobTable,
			AgentTable agentTable, ClusterMetrics metrics, LeftHolders leftHolders) {
		AssignmentView view = new AssignmentView();
		AssignmentWriter writer = new AssignmentWriter(kv, keys, term, view, metrics, properties.maxInFlight(),
				properties.batchSize(), leftHolders);
		StoredAssignments stored = new StoredAssignments(new KeyScanner(kv, properties.pageSize()), keys);
		return new LeaderTools(term, properties, keys, stored, view, writer, jobTable, agentTable, metrics);
	}

}
