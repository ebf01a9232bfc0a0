package io.crony.web.cluster.assignment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.ClusterMetrics;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.absent;
import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.present;
import static io.crony.web.cluster.EtcdBytes.unchanged;

/**
 * Every write of assignment keys in one leader term. Each transaction carries the leader
 * fence and guards the keys it changes; a move deletes the old key and puts the new one
 * in one transaction, so a job is never on two agents nor on none. Creations, deletes and
 * moves to one agent are batched many to a transaction; transactions are pipelined: up to
 * {@code maxInFlight} are in flight, and {@link #drain()} commits what is still batched
 * and waits for the last one.
 */
public final class AssignmentWriter {

	private static final Logger log = LoggerFactory.getLogger(AssignmentWriter.class);

	private final KV kv;

	private final CronyKeys keys;

	private final LeaderTerm term;

	private final AssignmentView view;

	private final ClusterMetrics metrics;

	private final Semaphore inFlight;

	private final int maxInFlight;

	private final AtomicInteger conflicts = new AtomicInteger();

	private final Map<Long, String> mirror = new ConcurrentHashMap<>();

	private final TxnBatches batches;

	private volatile boolean deposed;

	public AssignmentWriter(KV kv, CronyKeys keys, LeaderTerm term, AssignmentView view, ClusterMetrics metrics,
			int maxInFlight, int batchSize) {
		this.batches = new TxnBatches(batchSize);
		this.kv = kv;
		this.keys = keys;
		this.term = term;
		this.view = view;
		this.metrics = metrics;
		this.maxInFlight = maxInFlight;
		this.inFlight = new Semaphore(maxInFlight);
	}

	public byte[] value(JobSpec spec) {
		return CronyJson.toBytes(new JobAssignment(spec, this.term.epoch(), Instant.now()));
	}

	/**
	 * Puts new assignments on one agent in one transaction; each key must be absent. The
	 * caller planned the count when it picked the agent.
	 */
	public CompletableFuture<Boolean> create(String agentId, List<NewAssignment> batch) throws InterruptedException {
		List<Cmp> compares = new ArrayList<>(batch.size() + 2);
		List<Op> puts = new ArrayList<>(batch.size());
		compares.add(this.term.fence());
		compares.add(present(bytes(this.keys.node(agentId))));
		for (NewAssignment assignment : batch) {
			ByteSequence key = bytes(this.keys.job(agentId, assignment.jobId()));
			compares.add(absent(key));
			puts.add(Op.put(key, ByteSequence.from(assignment.value()), PutOption.DEFAULT));
		}
		return commit(compares, puts, (response) -> {
			long revision = response.getHeader().getRevision();
			for (NewAssignment assignment : batch) {
				this.view.placed(new Placement(assignment.jobId(), agentId, revision, assignment.version()));
				this.mirror.put(assignment.jobId(), agentId);
			}
		}, () -> this.view.plan(agentId, -batch.size()));
	}

	/**
	 * Replaces the spec of an assignment in place, if the key did not change meanwhile.
	 */
	public CompletableFuture<Boolean> update(Placement placement, long version, byte[] value)
			throws InterruptedException {
		ByteSequence key = bytes(this.keys.job(placement.agentId(), placement.jobId()));
		return commit(List.of(this.term.fence(), unchanged(key, placement.modRevision())),
				List.of(Op.put(key, ByteSequence.from(value), PutOption.DEFAULT)),
				(response) -> this.view.placed(new Placement(placement.jobId(), placement.agentId(),
						response.getHeader().getRevision(), version)),
				() -> {
				});
	}

	/**
	 * Moves a job: deletes the old key and puts the new one, guarded, atomically. Moves
	 * to one agent share transactions (see {@link TxnBatches}); the result completes once
	 * committed, at the latest by {@link #drain()}.
	 */
	public CompletableFuture<Boolean> move(Placement from, String toAgent, long version, byte[] value, String reason)
			throws InterruptedException {
		ByteSequence oldKey = bytes(this.keys.job(from.agentId(), from.jobId()));
		ByteSequence newKey = bytes(this.keys.job(toAgent, from.jobId()));
		this.view.plan(from.agentId(), -1);
		this.view.plan(toAgent, 1);
		List<Cmp> shared = List.of(this.term.fence(), present(bytes(this.keys.node(toAgent))));
		return batched("move:" + toAgent, shared, List.of(unchanged(oldKey, from.modRevision()), absent(newKey)), List
			.of(Op.delete(oldKey, DeleteOption.DEFAULT), Op.put(newKey, ByteSequence.from(value), PutOption.DEFAULT)),
				(response) -> {
					this.view.removed(from.jobId(), from.agentId());
					this.view.placed(new Placement(from.jobId(), toAgent, response.getHeader().getRevision(), version));
					this.mirror.put(from.jobId(), toAgent);
					this.metrics.moved(reason);
				}, () -> {
					this.view.plan(from.agentId(), 1);
					this.view.plan(toAgent, -1);
				});
	}

	/**
	 * Deletes an assignment key, guarded by its mod revision; deletes share transactions
	 * (see {@link TxnBatches}), each with the fence.
	 * @param placement the key to delete
	 * @param counted whether the view counts this key (false for a duplicate it never
	 * held)
	 */
	public CompletableFuture<Boolean> delete(Placement placement, boolean counted) throws InterruptedException {
		ByteSequence key = bytes(this.keys.job(placement.agentId(), placement.jobId()));
		if (counted) {
			this.view.plan(placement.agentId(), -1);
		}
		return batched("delete", List.of(this.term.fence()), List.of(unchanged(key, placement.modRevision())),
				List.of(Op.delete(key, DeleteOption.DEFAULT)), (response) -> {
					if (counted) {
						this.view.removed(placement.jobId(), placement.agentId());
						this.mirror.putIfAbsent(placement.jobId(), "");
					}
				}, () -> {
					if (counted) {
						this.view.plan(placement.agentId(), 1);
					}
				});
	}

	private CompletableFuture<Boolean> batched(String batch, List<Cmp> shared, List<Cmp> compares, List<Op> ops,
			Consumer<TxnResponse> onSuccess, Runnable onFailure) throws InterruptedException {
		CompletableFuture<Boolean> result = new CompletableFuture<>();
		this.batches.add(batch, new TxnBatches.Write(shared, compares, ops, onSuccess, onFailure, result),
				this::commit);
		return result;
	}

	/**
	 * Moves any other key (a pending once request) under the same guards as a job move.
	 */
	public CompletableFuture<Boolean> moveKey(ByteSequence oldKey, long modRevision, String toAgent,
			ByteSequence newKey, ByteSequence value) throws InterruptedException {
		return commit(
				List.of(this.term.fence(), unchanged(oldKey, modRevision), present(bytes(this.keys.node(toAgent)))),
				List.of(Op.delete(oldKey, DeleteOption.DEFAULT), Op.put(newKey, value, PutOption.DEFAULT)),
				(response) -> {
				}, () -> {
				});
	}

	/**
	 * Commits the open batches and waits until every transaction has finished, writes of
	 * a failed batch retried one by one.
	 */
	public void drain() throws InterruptedException {
		this.batches.flush(this::commit);
		awaitInFlight();
		List<TxnBatches.Write> retries = this.batches.takeRetries();
		if (!retries.isEmpty()) {
			log.debug("Leader epoch {} retries {} writes of failed batches one by one", this.term.epoch(),
					retries.size());
			for (TxnBatches.Write write : retries) {
				TxnBatches.single(write, this::commit);
			}
			awaitInFlight();
		}
	}

	private void awaitInFlight() throws InterruptedException {
		this.inFlight.acquire(this.maxInFlight);
		this.inFlight.release(this.maxInFlight);
	}

	public boolean deposed() {
		return this.deposed;
	}

	/**
	 * Transactions whose guards failed since the last call (a sign the view is stale).
	 */
	int takeConflicts() {
		return this.conflicts.getAndSet(0);
	}

	/** Job id to agent id ("" for none) of every key written since the last call. */
	public Map<Long, String> takeMirror() {
		Map<Long, String> taken = new java.util.HashMap<>(this.mirror);
		taken.keySet().forEach(this.mirror::remove);
		return taken;
	}

	private CompletableFuture<Boolean> commit(List<Cmp> compares, List<Op> ops, Consumer<TxnResponse> onSuccess,
			Runnable onFailure) throws InterruptedException {
		if (this.deposed) {
			onFailure.run();
			return CompletableFuture.completedFuture(false);
		}
		this.inFlight.acquire();
		CompletableFuture<TxnResponse> txn;
		try {
			txn = this.kv.txn()
				.If(compares.toArray(Cmp[]::new))
				.Then(ops.toArray(Op[]::new))
				.Else(Op.get(this.term.key(), GetOption.DEFAULT))
				.commit();
		}
		catch (RuntimeException ex) {
			this.inFlight.release();
			onFailure.run();
			throw ex;
		}
		return txn.handle((response, error) -> {
			try {
				if (error == null && response.isSucceeded()) {
					onSuccess.accept(response);
					return true;
				}
				onFailure.run();
				if (error != null) {
					log.warn("Leader epoch {} transaction failed: {}", this.term.epoch(), error.getMessage());
				}
				else if (fenceFailed(response)) {
					this.deposed = true;
					log.warn("Leader epoch {} is deposed: its election key changed", this.term.epoch());
				}
				this.conflicts.incrementAndGet();
				return false;
			}
			finally {
				this.inFlight.release();
			}
		});
	}

	private boolean fenceFailed(TxnResponse response) {
		var gets = response.getGetResponses();
		if (gets.isEmpty() || gets.get(0).getKvs().isEmpty()) {
			return true;
		}
		return gets.get(0).getKvs().get(0).getCreateRevision() != this.term.revision();
	}

	/**
	 * One assignment to create.
	 *
	 * @param jobId the job
	 * @param version its version
	 * @param value the JobAssignment JSON
	 */
	public record NewAssignment(long jobId, long version, byte[] value) {

	}

}
