package io.crony.web.cluster.leadership;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.EtcdCallException;
import io.crony.web.cluster.ClusterProperties;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.election.LeaderKey;
import io.etcd.jetcd.election.NoLeaderException;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.support.CloseableClient;
import io.etcd.jetcd.watch.WatchEvent;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

import static io.crony.common.etcd.EtcdCalls.await;
import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Campaigns for the leadership of the web instances through etcd's election service under
 * a lease kept alive by this instance. The term ends when the lease cannot be kept alive
 * or the leader key disappears; the listener is then stopped before a new campaign
 * starts.
 */
public class LeaderElection implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(LeaderElection.class);

	private final Client client;

	private final ByteSequence electionName;

	private final ClusterProperties properties;

	private final String instanceId;

	private final LeadershipListener listener;

	private final CountDownLatch stopped = new CountDownLatch(1);

	private volatile LeaderTerm term;

	private volatile Future<?> campaign;

	private volatile Thread thread;

	public LeaderElection(Client client, CronyKeys keys, ClusterProperties properties, String instanceId,
			LeadershipListener listener) {
		this.client = client;
		this.electionName = bytes(keys.webElection());
		this.properties = properties;
		this.instanceId = instanceId;
		this.listener = listener;
	}

	public boolean isLeader() {
		return this.term != null;
	}

	public String instanceId() {
		return this.instanceId;
	}

	/** The current leader's instance id as etcd sees it, or null when there is none. */
	public String leaderId() {
		try {
			KeyValue kv = this.client.getElectionClient().leader(this.electionName).get(5, TimeUnit.SECONDS).getKv();
			return (kv != null) ? string(kv.getValue()) : null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		catch (Exception ex) {
			if (!(ex.getCause() instanceof NoLeaderException)) {
				log.debug("Election {} leader unknown: {}", string(this.electionName), ex.getMessage());
			}
			return null;
		}
	}

	@Override
	public void start() {
		Thread campaigner = new Thread(this::campaignLoop, "crony-election");
		campaigner.setDaemon(true);
		this.thread = campaigner;
		campaigner.start();
	}

	@Override
	public void stop() {
		Thread campaigner = this.thread;
		this.thread = null;
		this.stopped.countDown();
		if (campaigner == null) {
			return;
		}
		Future<?> pending = this.campaign;
		if (pending != null) {
			pending.cancel(true);
		}
		campaigner.interrupt();
		try {
			campaigner.join(10_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.thread != null;
	}

	/** Stops before the etcd client and the data source close. */
	@Override
	public int getPhase() {
		return Integer.MAX_VALUE - 100;
	}

	private void campaignLoop() {
		while (this.thread != null) {
			try {
				campaignOnce();
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				log.warn("Election {} campaign of {} failed, retrying: {}", string(this.electionName), this.instanceId,
						ex.getMessage());
				try {
					// Back off before campaigning again (etcd may be restarting).
					if (this.stopped.await(1, TimeUnit.SECONDS)) {
						return;
					}
				}
				catch (InterruptedException interrupted) {
					return;
				}
			}
		}
	}

	private void campaignOnce() throws InterruptedException {
		long ttl = Math.max(2, this.properties.leaderLeaseTtl().toSeconds());
		long lease = await(this.client.getLeaseClient().grant(ttl)).getID();
		CompletableFuture<String> lost = new CompletableFuture<>();
		CloseableClient keepAlive = this.client.getLeaseClient().keepAlive(lease, new LeaseObserver(lost));
		Watch.Watcher watcher = null;
		LeaderTerm won = null;
		try {
			CompletableFuture<io.etcd.jetcd.election.CampaignResponse> pending = this.client.getElectionClient()
				.campaign(this.electionName, lease, bytes(this.instanceId));
			this.campaign = pending;
			LeaderKey key = await(pending).getLeader();
			watcher = watchLeaderKey(key, lost);
			// The lease may have expired while campaigning: only a key that still exists
			// is a term.
			var current = await(this.client.getKVClient().get(key.getKey())).getKvs();
			if (current.isEmpty() || current.get(0).getCreateRevision() != key.getRevision() || lost.isDone()) {
				log.warn("Election {} won by {} but its key is already gone", string(this.electionName),
						this.instanceId);
				return;
			}
			won = new LeaderTerm(key.getKey(), key.getRevision());
			this.term = won;
			log.info("Election {} won by {} (epoch {})", string(this.electionName), this.instanceId, won.epoch());
			this.listener.elected(won);
			String reason = lost.get();
			log.warn("Election {} leadership of {} lost (epoch {}): {}", string(this.electionName), this.instanceId,
					won.epoch(), reason);
		}
		catch (java.util.concurrent.ExecutionException ex) {
			throw new EtcdCallException(ex.getCause());
		}
		finally {
			this.campaign = null;
			if (won != null) {
				this.term = null;
				this.listener.revoked(won);
			}
			if (watcher != null) {
				watcher.close();
			}
			keepAlive.close();
			revokeQuietly(lease);
		}
	}

	private Watch.Watcher watchLeaderKey(LeaderKey key, CompletableFuture<String> lost) {
		WatchOption option = WatchOption.builder().withRevision(key.getRevision() + 1).build();
		return this.client.getWatchClient().watch(key.getKey(), option, Watch.listener((response) -> {
			for (WatchEvent event : response.getEvents()) {
				if (event.getEventType() == WatchEvent.EventType.DELETE) {
					lost.complete("leader key deleted");
				}
			}
		}, (error) -> lost.complete("leader key watch failed: " + error.getMessage()),
				() -> lost.complete("leader key watch closed")));
	}

	private void revokeQuietly(long lease) {
		try {
			// Lets a successor win at once instead of after the TTL.
			this.client.getLeaseClient().revoke(lease).get(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			log.debug("Election lease {} not revoked: {}", lease, ex.getMessage());
		}
	}

	private record LeaseObserver(CompletableFuture<String> lost) implements StreamObserver<LeaseKeepAliveResponse> {

		@Override
		public void onNext(LeaseKeepAliveResponse response) {
			if (response.getTTL() <= 0) {
				this.lost.complete("lease expired");
			}
		}

		@Override
		public void onError(Throwable error) {
			this.lost.complete("lease keep-alive failed: " + error.getMessage());
		}

		@Override
		public void onCompleted() {
			this.lost.complete("lease keep-alive ended");
		}

	}

}
