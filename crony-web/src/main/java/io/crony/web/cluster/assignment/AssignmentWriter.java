package io.crony.web.cluster.assignment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.absent;
import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.present;
import static io.crony.web.cluster.EtcdBytes.unchanged;

/**
 * Every write of assignment keys in one leader term, and the guards each needs. Each
 * transaction carries the leader fence and guards the keys it changes; a move deletes the
 * old key and puts the new one in one transaction, so a job is never on two agents nor on
 * none. Creations, deletes and moves to one agent are batched many to a transaction
 * ({@link TxnBatches}), sent pipelined ({@link TxnPipeline}), and reflected in the view
 * ({@link ViewUpdates}); {@link #drain()} commits what is still batched and waits for the
 * last transaction.
 */
public final class AssignmentWriter {

	private static final Logger log = LoggerFactory.getLogger(AssignmentWriter.class);

	private static final Runnable NOTHING = () -> {
	};

	private final CronyKeys keys;

	private final LeaderTerm term;

	private final ViewUpdates view;

	private final TxnPipeline pipeline;

	private final TxnBatches batches;

	private final LeftHolders leftHolders;

	/**
	 * @param leftHolders the agents jobs' keys were deleted from, kept across terms: a
	 * delete's commit is noted there, and a job placed anew soon after names that agent
	 */
	public AssignmentWriter(KV kv, CronyKeys keys, LeaderTerm term, AssignmentView view, ClusterMetrics metrics,
			int maxInFlight, int batchSize, LeftHolders leftHolders) {
		this.keys = keys;
		this.leftHolders = leftHolders;
		this.term = term;
		this.view = new ViewUpdates(view, metrics);
		this.pipeline = new TxnPipeline(kv, term, maxInFlight);
		this.batches = new TxnBatches(batchSize);
	}

	/** The value of an assignment key for the spec, stamped with this term. */
	public byte[] value(JobSpec spec) {
		return CronyJson.toBytes(new JobAssignment(spec, this.term.epoch(), Instant.now()));
	}

	/**
	 * The value of a new assignment key of a job placed on an agent: it names the agent
	 * the job's key was deleted from shortly before, if another one, as a move does
	 * ({@link LeftHolders}). The job was disabled and enabled again, or its selector
	 * matched no agent and then one, while that agent may have been cut off and firing it
	 * from its spool.
	 */
	public byte[] placedValue(long jobId, JobSpec spec, String agentId) {
		return movedValue(spec, this.leftHolders.formerHolder(jobId, agentId));
	}

	/**
	 * The value of a moved job's new key: it names the agent the job moves from, as the
	 * new holder judges the instants the job missed by it. The job's last recorded run
	 * may be an older holder's: one that stopped gracefully, while the agent the job
	 * moves from was cut off before it recorded any run of the job.
	 */
	private byte[] movedValue(JobSpec spec, String formerHolder) {
		return CronyJson.toBytes(new JobAssignment(spec, this.term.epoch(), Instant.now(), formerHolder));
	}

	/**
	 * Puts new assignments on one agent in one transaction; each key must be absent. The
	 * caller counted them in the view when it picked the agent.
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
		return this.pipeline.send(compares, puts,
				(response) -> this.view.created(agentId, response.getHeader().getRevision(), batch),
				() -> this.view.createFailed(agentId, batch.size()));
	}

	/**
	 * Replaces the spec of an assignment in place, if the key did not change meanwhile.
	 */
	public CompletableFuture<Boolean> update(Placement placement, long version, byte[] value)
			throws InterruptedException {
		ByteSequence key = bytes(this.keys.job(placement.agentId(), placement.jobId()));
		return this.pipeline.send(List.of(this.term.fence(), unchanged(key, placement.modRevision())),
				List.of(Op.put(key, ByteSequence.from(value), PutOption.DEFAULT)),
				(response) -> this.view.updated(placement, response.getHeader().getRevision(), version), NOTHING);
	}

	/**
	 * Moves a job: deletes the old key and puts the new one, guarded, atomically; the new
	 * value names the agent the job moves from. Moves to one agent share transactions;
	 * the result completes once committed, at the latest by {@link #drain()}.
	 */
	public CompletableFuture<Boolean> move(Placement from, String toAgent, long version, JobSpec spec, String reason)
			throws InterruptedException {
		byte[] value = movedValue(spec, from.agentId());
		ByteSequence oldKey = bytes(this.keys.job(from.agentId(), from.jobId()));
		ByteSequence newKey = bytes(this.keys.job(toAgent, from.jobId()));
		this.view.moving(from, toAgent);
		List<Cmp> shared = List.of(this.term.fence(), present(bytes(this.keys.node(toAgent))));
		return batched("move:" + toAgent, shared, List.of(unchanged(oldKey, from.modRevision()), absent(newKey)),
				List.of(Op.delete(oldKey, DeleteOption.DEFAULT),
						Op.put(newKey, ByteSequence.from(value), PutOption.DEFAULT)),
				(response) -> this.view.moved(from, toAgent, response.getHeader().getRevision(), version, reason),
				() -> this.view.moveFailed(from, toAgent));
	}

	/**
	 * Deletes an assignment key, guarded by its mod revision; deletes share transactions,
	 * the fence once per transaction.
	 * @param placement the key to delete
	 * @param counted whether the view counts this key (false for a duplicate it never
	 * held)
	 */
	public CompletableFuture<Boolean> delete(Placement placement, boolean counted) throws InterruptedException {
		ByteSequence key = bytes(this.keys.job(placement.agentId(), placement.jobId()));
		this.view.deleting(placement, counted);
		return batched("delete", List.of(this.term.fence()), List.of(unchanged(key, placement.modRevision())),
				List.of(Op.delete(key, DeleteOption.DEFAULT)), (response) -> {
					this.view.deleted(placement, counted);
					this.leftHolders.left(placement.jobId(), placement.agentId());
				}, () -> this.view.deleteFailed(placement, counted));
	}

	/**
	 * Moves any other key (a pending once request) under the same guards as a job move,
	 * in a transaction of its own.
	 */
	public CompletableFuture<Boolean> moveKey(ByteSequence oldKey, long modRevision, String toAgent,
			ByteSequence newKey, ByteSequence value) throws InterruptedException {
		return this.pipeline.send(
				List.of(this.term.fence(), unchanged(oldKey, modRevision), present(bytes(this.keys.node(toAgent)))),
				List.of(Op.delete(oldKey, DeleteOption.DEFAULT), Op.put(newKey, value, PutOption.DEFAULT)),
				(response) -> NOTHING.run(), NOTHING);
	}

	/**
	 * Commits the open batches and waits until every transaction has finished, writes of
	 * a failed batch retried one transaction each.
	 */
	public void drain() throws InterruptedException {
		this.batches.flush(this.pipeline);
		this.pipeline.awaitAll();
		List<TxnBatches.Write> retries = this.batches.takeRetries();
		if (!retries.isEmpty()) {
			log.debug("Leader epoch {} retries {} writes of failed batches one by one", this.term.epoch(),
					retries.size());
			for (TxnBatches.Write write : retries) {
				TxnBatches.single(write, this.pipeline);
			}
			this.pipeline.awaitAll();
		}
	}

	/** Whether a transaction found the election key changed: this term is over. */
	public boolean deposed() {
		return this.pipeline.deposed();
	}

	/** Job id to agent id ("" for none) of every key written since the last call. */
	public Map<Long, String> takeMirror() {
		return this.view.takeMirror();
	}

	private CompletableFuture<Boolean> batched(String batch, List<Cmp> shared, List<Cmp> compares, List<Op> ops,
			Consumer<TxnResponse> onSuccess, Runnable onFailure) throws InterruptedException {
		CompletableFuture<Boolean> result = new CompletableFuture<>();
		this.batches.add(batch, new TxnBatches.Write(shared, compares, ops, onSuccess, onFailure, result),
				this.pipeline);
		return result;
	}

}
