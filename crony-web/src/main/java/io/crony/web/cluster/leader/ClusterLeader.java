package io.crony.web.cluster.leader;

import io.crony.common.etcd.CronyKeys;
import io.crony.web.cluster.ClusterMetrics;
import io.crony.web.cluster.ClusterProperties;
import io.crony.web.cluster.assignment.LeftHolders;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.crony.web.cluster.leadership.LeadershipListener;
import io.crony.web.cluster.membership.AgentLeaseTtls;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.etcd.jetcd.Client;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Runs a {@link LeaderLoop} on its own thread for each term this instance wins, and stops
 * it before the election campaigns again.
 */
class ClusterLeader implements LeadershipListener {

	private final Client client;

	private final CronyKeys keys;

	private final ClusterProperties properties;

	private final AgentRegistry registry;

	private final AgentLiveness liveness;

	private final JobTable jobTable;

	private final AgentTable agentTable;

	private final ClusterRequests requests;

	private final ClusterMetrics metrics;

	private final ApplicationEventPublisher events;

	private final ReconcileGate gate;

	/**
	 * Reads the agents' lease TTLs from etcd, for the start grace and the left holders.
	 */
	private final AgentLeaseTtls agentLeaseTtls;

	/** Kept across terms: a term that follows another of this instance still knows. */
	private final LeftHolders leftHolders;

	private LeaderLoop loop;

	private Thread thread;

	ClusterLeader(Client client, CronyKeys keys, ClusterProperties properties, AgentRegistry registry,
			AgentLiveness liveness, JobTable jobTable, AgentTable agentTable, ClusterRequests requests,
			ClusterMetrics metrics, ApplicationEventPublisher events, ReconcileGate gate) {
		this.gate = gate;
		this.client = client;
		this.keys = keys;
		this.properties = properties;
		this.registry = registry;
		this.liveness = liveness;
		this.jobTable = jobTable;
		this.agentTable = agentTable;
		this.requests = requests;
		this.metrics = metrics;
		this.events = events;
		this.agentLeaseTtls = new AgentLeaseTtls(client, registry);
		this.leftHolders = new LeftHolders(new KnownAgentLeaseTtl(this.agentLeaseTtls::longest,
				() -> registry.liveAgents().keySet(), System::nanoTime), properties.leaderLeaseTtl(), System::nanoTime);
		registry.onChange(this::wake);
	}

	@Override
	public synchronized void elected(LeaderTerm term) {
		LeaderTools tools = LeaderTools.forTerm(term, this.properties, this.keys, this.client.getKVClient(),
				this.jobTable, this.agentTable, this.metrics, this.leftHolders);
		this.loop = new LeaderLoop(tools, this.registry, this.liveness, this.agentLeaseTtls, this.requests,
				new ClusterAlarms(this.events), this.gate);
		this.thread = new Thread(this.loop, "crony-leader-" + term.epoch());
		this.thread.setDaemon(true);
		this.thread.start();
	}

	@Override
	public synchronized void revoked(LeaderTerm term) {
		if (this.loop == null) {
			return;
		}
		this.loop.stop();
		this.thread.interrupt();
		try {
			this.thread.join(10_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.loop = null;
		this.thread = null;
	}

	private synchronized void wake() {
		if (this.loop != null) {
			this.loop.wake();
		}
	}

}
