package io.crony.bench;

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

/** An agent's registration (its key under a kept-alive lease), as crony-agent does it. */
final class BenchAgent implements AutoCloseable {

	private final Client client;

	private final String id;

	private final long lease;

	private final CloseableClient keepAlive;

	private boolean alive = true;

	private BenchAgent(Client client, String id, long lease, CloseableClient keepAlive) {
		this.client = client;
		this.id = id;
		this.lease = lease;
		this.keepAlive = keepAlive;
	}

	static BenchAgent start(Client client, CronyKeys keys, String id) throws Exception {
		long lease = client.getLeaseClient().grant(10).get(10, TimeUnit.SECONDS).getID();
		CloseableClient keepAlive = client.getLeaseClient().keepAlive(lease, new Quiet());
		AgentInfo info = new AgentInfo(id, "127.0.0.1", 7000, 1, Map.of(), "bench", Instant.now());
		client.getKVClient()
			.put(ByteSequence.from(keys.node(id).getBytes()), ByteSequence.from(CronyJson.toBytes(info)),
					PutOption.builder().withLeaseId(lease).build())
			.get(10, TimeUnit.SECONDS);
		return new BenchAgent(client, id, lease, keepAlive);
	}

	String id() {
		return this.id;
	}

	void kill() throws Exception {
		if (this.alive) {
			this.alive = false;
			this.keepAlive.close();
			this.client.getLeaseClient().revoke(this.lease).get(10, TimeUnit.SECONDS);
		}
	}

	@Override
	public void close() throws Exception {
		kill();
	}

	private static final class Quiet implements StreamObserver<LeaseKeepAliveResponse> {

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
