package io.crony.web.cluster;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The cluster's meters: {@code crony.cluster.agents.alive}, {@code crony.cluster.leader}
 * (1 on the leader), {@code crony.cluster.jobs.unassigned} (as the leader last counted)
 * and {@code crony.cluster.assignment.moves} by {@code reason} (failover, drain,
 * rebalance, selector).
 */
public class ClusterMetrics {

	private final MeterRegistry registry;

	private final AtomicInteger unassigned = new AtomicInteger();

	public ClusterMetrics(MeterRegistry registry, IntSupplier agentsAlive, BooleanSupplier leader) {
		this.registry = registry;
		Gauge.builder("crony.cluster.agents.alive", agentsAlive::getAsInt)
			.description("Agents whose etcd key is alive")
			.register(registry);
		Gauge.builder("crony.cluster.leader", () -> leader.getAsBoolean() ? 1 : 0)
			.description("1 when this web instance is the cluster leader")
			.register(registry);
		Gauge.builder("crony.cluster.jobs.unassigned", this.unassigned::get)
			.description("Enabled jobs no agent can take (counted by the leader)")
			.register(registry);
	}

	public void moved(String reason) {
		Counter.builder("crony.cluster.assignment.moves")
			.description("Jobs moved from one agent to another")
			.tag("reason", reason)
			.register(this.registry)
			.increment();
	}

	public void unassigned(int count) {
		this.unassigned.set(count);
	}

}
