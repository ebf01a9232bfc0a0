package io.crony.web.cluster.assignment;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

import io.crony.web.cluster.leadership.LeaderTerm;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends one leader term's guarded transactions without waiting for each: a step that
 * writes thousands of keys must not wait one round trip per transaction, nor flood etcd,
 * so at most {@code maxInFlight} are outstanding. Every transaction's else branch reads
 * the election key, which tells a deposed leader (its key gone or re-created) from a
 * merely stale assignment key; once deposed, nothing more is sent.
 */
final class TxnPipeline implements TxnBatches.Committer {

	private static final Logger log = LoggerFactory.getLogger(TxnPipeline.class);

	private final KV kv;

	private final LeaderTerm term;

	private final Semaphore inFlight;

	private final int maxInFlight;

	private volatile boolean deposed;

	TxnPipeline(KV kv, LeaderTerm term, int maxInFlight) {
		this.kv = kv;
		this.term = term;
		this.maxInFlight = maxInFlight;
		this.inFlight = new Semaphore(maxInFlight);
	}

	/**
	 * Sends one transaction once a slot is free; {@code onSuccess} or {@code onFailure}
	 * runs when etcd answers (at once when the term is deposed).
	 */
	@Override
	public void commit(List<Cmp> compares, List<Op> ops, Consumer<TxnResponse> onSuccess, Runnable onFailure)
			throws InterruptedException {
		send(compares, ops, onSuccess, onFailure);
	}

	/** {@link #commit} with a result: whether the transaction was committed. */
	CompletableFuture<Boolean> send(List<Cmp> compares, List<Op> ops, Consumer<TxnResponse> onSuccess,
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
				return false;
			}
			finally {
				this.inFlight.release();
			}
		});
	}

	/** Waits until every transaction sent so far has been answered. */
	void awaitAll() throws InterruptedException {
		this.inFlight.acquire(this.maxInFlight);
		this.inFlight.release(this.maxInFlight);
	}

	boolean deposed() {
		return this.deposed;
	}

	private boolean fenceFailed(TxnResponse response) {
		var gets = response.getGetResponses();
		if (gets.isEmpty() || gets.get(0).getKvs().isEmpty()) {
			return true;
		}
		return gets.get(0).getKvs().get(0).getCreateRevision() != this.term.revision();
	}

}
