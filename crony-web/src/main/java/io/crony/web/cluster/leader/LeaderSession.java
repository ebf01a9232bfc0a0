package io.crony.web.cluster.leader;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.JobAssignment;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.ClusterMetrics;
import io.crony.web.cluster.ClusterProperties;
import io.crony.web.cluster.EtcdBytes;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.crony.web.cluster.placement.AgentCandidate;
import io.crony.web.cluster.placement.Placer;
import io.etcd.jetcd.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one leader term knows and holds: the jobs as MySQL has them, the assignments as
 * etcd has them, the live agents, and the writer fenced by this term. The jobs, agents
 * and stamp are read and replaced only on the term's decision thread, where every step
 * (reconcile, relocate, rebalance) runs, so they stay plain fields of a class no other
 * package sees.
 */
final class LeaderSession {

	private static final Logger log = LoggerFactory.getLogger(LeaderSession.class);

	final LeaderTerm term;

	final ClusterProperties properties;

	final CronyKeys keys;

	final KeyScanner scanner;

	final AssignmentView view = new AssignmentView();

	final AssignmentWriter writer;

	final Placer placer;

	final JobTable jobTable;

	final AgentTable agentTable;

	final ClusterMetrics metrics;

	Map<Long, PlaceableJob> jobs = new HashMap<>();

	/** The live agents by id, sorted, with the operator's overrides applied. */
	TreeMap<String, AgentCandidate> agents = new TreeMap<>();

	JobTable.Stamp stamp;

	LeaderSession(LeaderTerm term, ClusterProperties properties, CronyKeys keys, io.etcd.jetcd.KV kv, JobTable jobTable,
			AgentTable agentTable, ClusterMetrics metrics) {
		this.term = term;
		this.properties = properties;
		this.keys = keys;
		this.scanner = new KeyScanner(kv, properties.pageSize());
		this.writer = new AssignmentWriter(kv, keys, term, this.view, metrics, properties.maxInFlight(),
				properties.batchSize());
		this.placer = new Placer(properties.strategy());
		this.jobTable = jobTable;
		this.agentTable = agentTable;
		this.metrics = metrics;
	}

	/** Picks an agent for the job, never {@code exclude}; empty when none may take it. */
	Optional<String> pick(PlaceableJob job, String exclude) {
		return this.placer.pick(job.assignment(), this.agents.values(), exclude, this.view::held);
	}

	/** Whether the job may stay on the agent: live, not drained, labels match. */
	boolean fits(String agentId, PlaceableJob job) {
		AgentCandidate agent = this.agents.get(agentId);
		return agent != null && !agent.drained() && agent.matches(job.assignment().labels());
	}

	/** Why a job that does not fit its agent has to move. */
	String moveReason(String agentId) {
		AgentCandidate agent = this.agents.get(agentId);
		if (agent == null) {
			return "failover";
		}
		return agent.drained() ? "drain" : "selector";
	}

	/** The same assignment re-issued by this term (for a move that keeps the spec). */
	byte[] reissue(KeyValue kv) {
		JobAssignment old = CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class);
		return this.writer.value(old.job());
	}

	static long versionOf(KeyValue kv) {
		try {
			JobAssignment assignment = CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class);
			return (assignment.job() != null) ? assignment.job().version() : -1;
		}
		catch (RuntimeException ex) {
			log.warn("Assignment key {} is unreadable: {}", EtcdBytes.string(kv.getKey()), ex.getMessage());
			return -1;
		}
	}

	/**
	 * Writes where the jobs written since the last flush now are into
	 * {@code job.agent_id}.
	 */
	void flushMirror() {
		Map<Long, String> changed = this.writer.takeMirror();
		if (changed.isEmpty()) {
			return;
		}
		Map<Long, String> placements = new HashMap<>();
		changed.forEach((jobId, agentId) -> {
			Placement current = this.view.get(jobId);
			placements.put(jobId, (current != null) ? current.agentId() : null);
		});
		this.jobTable.mirror(placements);
	}

	int unassignedCount() {
		int count = 0;
		for (PlaceableJob job : this.jobs.values()) {
			Placement placement = job.enabled() ? this.view.get(job.id()) : null;
			if (job.enabled() && (placement == null || !this.agents.containsKey(placement.agentId()))) {
				count++;
			}
		}
		return count;
	}

}
