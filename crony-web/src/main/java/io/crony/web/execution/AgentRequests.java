package io.crony.web.execution;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.execution.KillRequest;
import io.crony.common.execution.OnceRequest;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;

import org.springframework.stereotype.Component;

/**
 * The web's requests to agents through etcd: one-shot runs and cancels. Each write is a
 * transaction guarded by what must hold for the agent to act on it.
 */
@Component
public class AgentRequests {

	private static final long TIMEOUT_SECONDS = 10;

	private static final int PAGE_SIZE = 1000;

	private static final ByteSequence ZERO = ByteSequence.from(new byte[] { 0 });

	private final Client etcd;

	private final CronyKeys keys;

	AgentRequests(Client etcd, CronyKeys keys) {
		this.etcd = etcd;
		this.keys = keys;
	}

	/**
	 * Puts a run request for an agent, if that agent is alive and holds the job.
	 * @return false when the agent's key or the job's assignment key is missing
	 */
	public boolean requestRun(String agentId, OnceRequest request) {
		Cmp alive = exists(this.keys.node(agentId));
		Cmp holds = exists(this.keys.job(agentId, request.jobId()));
		Op put = Op.put(bytes(this.keys.once(agentId, request.executionId())),
				ByteSequence.from(CronyJson.toBytes(request)), PutOption.DEFAULT);
		return await(this.etcd.getKVClient().txn().If(alive, holds).Then(put).commit(), "requesting a run")
			.isSucceeded();
	}

	/**
	 * Finds the live agent that holds a job, reading the keys under the node prefix only.
	 * @return the agent id, or empty when no live agent holds the job
	 */
	public Optional<String> findHolder(long jobId) {
		GetOption keysOnly = GetOption.builder().isPrefix(true).withKeysOnly(true).build();
		List<KeyValue> kvs = await(this.etcd.getKVClient().get(bytes(this.keys.nodes()), keysOnly),
				"looking for the job's agent")
			.getKvs();
		Set<String> alive = new HashSet<>();
		Set<String> holders = new HashSet<>();
		for (KeyValue kv : kvs) {
			Optional<NodeKey> key = this.keys.parseNodeKey(kv.getKey().toString(StandardCharsets.UTF_8));
			if (key.isPresent() && key.get() instanceof NodeKey.Agent agent) {
				alive.add(agent.agentId());
			}
			else if (key.isPresent() && key.get() instanceof NodeKey.Assignment assignment
					&& assignment.jobId() == jobId) {
				holders.add(assignment.agentId());
			}
		}
		return holders.stream().filter(alive::contains).findFirst();
	}

	/**
	 * Withdraws a run request the agent has not taken yet.
	 * @return false when the request is gone (the agent took it)
	 */
	boolean withdrawRun(String agentId, long executionId) {
		ByteSequence once = bytes(this.keys.once(agentId, executionId));
		return await(
				this.etcd.getKVClient().txn().If(exists(once)).Then(Op.delete(once, DeleteOption.DEFAULT)).commit(),
				"withdrawing a run request")
			.isSucceeded();
	}

	/**
	 * Every run request waiting in etcd, under whichever agent, read page by page at one
	 * revision, keys only.
	 * @return the requests' keys by execution id
	 */
	Map<Long, ByteSequence> pendingRunRequests() {
		Map<Long, ByteSequence> requests = new HashMap<>();
		ByteSequence end = KeyScanner.prefixEnd(this.keys.allOnces());
		ByteSequence cursor = bytes(this.keys.allOnces());
		long revision = 0;
		while (true) {
			GetOption.Builder page = GetOption.builder().withRange(end).withKeysOnly(true).withLimit(PAGE_SIZE);
			if (revision > 0) {
				page.withRevision(revision);
			}
			GetResponse response = await(this.etcd.getKVClient().get(cursor, page.build()), "reading run requests");
			revision = response.getHeader().getRevision();
			for (KeyValue kv : response.getKvs()) {
				ByteSequence key = kv.getKey();
				this.keys.parseExecutionId(key.toString(StandardCharsets.UTF_8))
					.ifPresent((id) -> requests.put(id, key));
			}
			if (!response.isMore() || response.getKvs().isEmpty()) {
				return requests;
			}
			cursor = response.getKvs().get(response.getKvs().size() - 1).getKey().concat(ZERO);
		}
	}

	/** Removes a run request that can never run (its job is gone). */
	void discardRunRequest(ByteSequence key) {
		await(this.etcd.getKVClient().delete(key), "removing a run request");
	}

	/** Asks an agent to stop a running execution; the request expires with its lease. */
	void requestKill(String agentId, KillRequest request, Duration ttl) {
		long lease = await(this.etcd.getLeaseClient().grant(ttl.toSeconds()), "granting a lease").getID();
		PutOption withLease = PutOption.builder().withLeaseId(lease).build();
		await(this.etcd.getKVClient()
			.put(bytes(this.keys.kill(agentId, request.executionId())), ByteSequence.from(CronyJson.toBytes(request)),
					withLease),
				"requesting a kill");
	}

	private static Cmp exists(String key) {
		return exists(bytes(key));
	}

	private static Cmp exists(ByteSequence key) {
		return new Cmp(key, Cmp.Op.GREATER, CmpTarget.createRevision(0));
	}

	private static ByteSequence bytes(String key) {
		return ByteSequence.from(key, StandardCharsets.UTF_8);
	}

	private static <T> T await(CompletableFuture<T> future, String what) {
		try {
			return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new EtcdUnavailableException(what, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EtcdUnavailableException(what, ex);
		}
	}

}
