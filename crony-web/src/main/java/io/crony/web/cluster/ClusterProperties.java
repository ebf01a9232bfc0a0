package io.crony.web.cluster;

import java.time.Duration;

import io.crony.common.job.AssignmentStrategy;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the web instances elect a leader and how the leader places jobs on agents.
 *
 * @param enabled whether this instance takes part in the election (a read-only instance
 * still watches agents for the API)
 * @param instanceId this instance's name in the election; empty means host name plus a
 * random suffix
 * @param leaderLeaseTtl TTL of the leader's lease: how long a dead leader blocks its
 * successor; the agents read it from etcd (the leader key's lease), as it delays a
 * failover
 * @param strategy the cluster's default placement strategy (a job may override it)
 * @param pollInterval how often the leader looks for changed jobs, agent overrides and
 * operator requests in MySQL
 * @param fullReconcileInterval how often the leader compares every job in MySQL with
 * every assignment in etcd
 * @param changeWindow how far back a change scan reaches before the newest
 * {@code updated_at} it saw, so rows committed late are not missed
 * @param maxInFlight etcd transactions the leader keeps in flight at once
 * @param batchSize assignments created, deleted or moved per etcd transaction (etcd
 * allows 128 compares and 128 operations per transaction: creations and deletes take up
 * to 126, moves, which need two of each, up to 63)
 * @param pageSize keys read per etcd range request, rows per read of table {@code job},
 * and rows a slice of the change scan reads (or of a full reconcile's corrections reads
 * again)
 * @param offlineRetention how long an agent that went away stays in {@code GET /agents}
 * @param livenessRefresh how often every instance reads each live agent's lease to tell
 * when the agent was last seen ({@link io.crony.web.cluster.membership.AgentLiveness})
 */
@ConfigurationProperties("crony.web.cluster")
public record ClusterProperties(@DefaultValue("true") boolean enabled, String instanceId,
		@DefaultValue("10s") Duration leaderLeaseTtl, @DefaultValue("WEIGHTED_ROUND_ROBIN") AssignmentStrategy strategy,
		@DefaultValue("500ms") Duration pollInterval, @DefaultValue("120s") Duration fullReconcileInterval,
		@DefaultValue("5s") Duration changeWindow, @DefaultValue("32") int maxInFlight,
		@DefaultValue("126") int batchSize, @DefaultValue("1000") int pageSize,
		@DefaultValue("24h") Duration offlineRetention, @DefaultValue("2s") Duration livenessRefresh) {

	public ClusterProperties {
		batchSize = Math.max(1, Math.min(batchSize, 126));
		maxInFlight = Math.max(1, maxInFlight);
		pageSize = Math.max(10, pageSize);
	}

}
