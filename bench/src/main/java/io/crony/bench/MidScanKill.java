package io.crony.bench;

import java.time.Duration;

/**
 * An agent's lease revoked while the leader is still placing a mass of new jobs (its
 * change scan of the new rows, a slice per turn of its loop), timed until the agent holds
 * no key: the failover the leader decides between two slices instead of after the whole
 * scan.
 */
final class MidScanKill {

	private final String agentId;

	private final long keysAtKill;

	private final long heldAtKill;

	private final double seconds;

	private final long keysAtFailover;

	private MidScanKill(String agentId, long keysAtKill, long heldAtKill, double seconds, long keysAtFailover) {
		this.agentId = agentId;
		this.keysAtKill = keysAtKill;
		this.heldAtKill = heldAtKill;
		this.seconds = seconds;
		this.keysAtFailover = keysAtFailover;
	}

	/** Revokes the agent's lease now and waits until none of the jobs is on it. */
	static MidScanKill kill(BenchAgent victim, EtcdCounts etcd) throws Exception {
		long keys = etcd.assignments();
		long held = etcd.assignments(victim.id());
		long revoke = System.nanoTime();
		victim.kill();
		ClusterBench.waitFor("failover during the change scan", Duration.ofMinutes(10),
				() -> etcd.assignments(victim.id()) == 0);
		long failedOver = System.nanoTime();
		return new MidScanKill(victim.id(), keys, held, ClusterBench.seconds(revoke, failedOver), etcd.assignments());
	}

	String line() {
		return String.format(
				"(b) fail over agent %s during the change scan: %.2f s (lease revoked -> it holds no key); "
						+ "it held %d of the %d keys then in etcd; %d keys in etcd when it held none",
				this.agentId, this.seconds, this.heldAtKill, this.keysAtKill, this.keysAtFailover);
	}

}
