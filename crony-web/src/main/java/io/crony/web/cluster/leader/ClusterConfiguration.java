package io.crony.web.cluster.leader;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.UUID;

import io.crony.common.etcd.CronyKeys;
import io.crony.web.cluster.ClusterMetrics;
import io.crony.web.cluster.ClusterProperties;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.cluster.leadership.LeadershipListener;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The cluster's parts: registry (every instance), election and leader logic. */
@Configuration(proxyBeanMethods = false)
class ClusterConfiguration {

	@Bean
	AgentRegistry agentRegistry(Client client, CronyKeys keys) {
		return new AgentRegistry(client, keys);
	}

	@Bean
	AgentLiveness agentLiveness(Client client, AgentRegistry registry, ClusterProperties properties) {
		return new AgentLiveness(client, registry, properties.livenessRefresh(), Clock.systemUTC());
	}

	@Bean
	ClusterRequests clusterRequests(JdbcTemplate jdbc) {
		return new ClusterRequests(jdbc);
	}

	@Bean
	LeaderElection leaderElection(Client client, CronyKeys keys, ClusterProperties properties, AgentRegistry registry,
			AgentLiveness liveness, ClusterRequests requests, JdbcTemplate jdbc, MeterRegistry meters,
			ApplicationEventPublisher events, ObjectProvider<ReconcileGate> gate) {
		String instanceId = (properties.instanceId() != null && !properties.instanceId().isBlank())
				? properties.instanceId() : defaultInstanceId();
		LeaderElection[] election = new LeaderElection[1];
		ClusterMetrics metrics = new ClusterMetrics(meters, () -> registry.liveAgents().size(),
				() -> election[0] != null && election[0].isLeader());
		ClusterLeader leader = new ClusterLeader(client, keys, properties, registry, liveness,
				new JobTable(jdbc, properties.pageSize()), new AgentTable(jdbc), requests, metrics, events,
				gate.getIfAvailable(() -> ReconcileGate.OPEN));
		election[0] = new ClusterElection(client, keys, properties, instanceId, leader);
		return election[0];
	}

	private static String defaultInstanceId() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "web";
		}
		return host + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	/** An election that sits out when the cluster is disabled on this instance. */
	private static final class ClusterElection extends LeaderElection {

		private final boolean enabled;

		ClusterElection(Client client, CronyKeys keys, ClusterProperties properties, String instanceId,
				LeadershipListener listener) {
			super(client, keys, properties, instanceId, listener);
			this.enabled = properties.enabled();
		}

		@Override
		public void start() {
			if (this.enabled) {
				super.start();
			}
		}

	}

}
