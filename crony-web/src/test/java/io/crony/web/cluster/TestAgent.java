package io.crony.web.cluster;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;

import static io.crony.web.cluster.EtcdBytes.bytes;

/**
 * Stands in for a crony-agent: its key under a lease kept alive, as the real agent
 * registers. Killing it revokes the lease; {@link #expire()} stops the keep-alive so the
 * lease runs out as when an agent's process dies.
 */
public final class TestAgent implements AutoCloseable {

	private final Client client;

	private final String id;

	private final long lease;

	private final CloseableClient keepAlive;

	private boolean alive = true;

	private TestAgent(Client client, String id, long lease, CloseableClient keepAlive) {
		this.client = client;
		this.id = id;
		this.lease = lease;
		this.keepAlive = keepAlive;
	}

	public static TestAgent start(Client client, CronyKeys keys, String id, int weight, Map<String, String> labels,
			long ttlSeconds) throws Exception {
		long lease = client.getLeaseClient().grant(ttlSeconds).get(10, TimeUnit.SECONDS).getID();
		CloseableClient keepAlive = client.getLeaseClient().keepAlive(lease, new Ignore());
		AgentInfo info = new AgentInfo(id, "127.0.0.1", 7000, weight, labels, "test", Instant.now());
		client.getKVClient()
			.put(bytes(keys.node(id)), ByteSequence.from(CronyJson.toBytes(info)),
					PutOption.builder().withLeaseId(lease).build())
			.get(10, TimeUnit.SECONDS);
		return new TestAgent(client, id, lease, keepAlive);
	}

	public String id() {
		return this.id;
	}

	/** The agent stops at once: its lease is revoked and its key goes with it. */
	public void kill() throws Exception {
		if (this.alive) {
			this.alive = false;
			this.keepAlive.close();
			this.client.getLeaseClient().revoke(this.lease).get(10, TimeUnit.SECONDS);
		}
	}

	/**
	 * The agent's process dies: nobody keeps the lease alive, etcd expires it after the
	 * TTL.
	 */
	public void expire() {
		this.alive = false;
		this.keepAlive.close();
	}

	@Override
	public void close() throws Exception {
		try {
			kill();
		}
		catch (Exception ex) {
			// The lease may already be gone.
		}
	}

	private static final class Ignore implements StreamObserver<LeaseKeepAliveResponse> {

		@Override
		public void onNext(LeaseKeepAliveResponse value) {
		}

		@Override
		public void onError(Throwable error) {
		}

		@Override
		public void onCompleted() {
		}

	}

}
