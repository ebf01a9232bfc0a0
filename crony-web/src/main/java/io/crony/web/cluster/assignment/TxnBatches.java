package io.crony.web.cluster.assignment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;

/**
 * Groups guarded single-job writes that share their other guards (deletes: the leader
 * fence; moves to one agent: the fence and that agent's node key) into one etcd
 * transaction of up to 128 compares and 128 operations. Each write keeps its own guards
 * and stays atomic in the shared transaction, so a move is still never on two agents nor
 * on none. When a shared transaction fails (one stale key fails them all), its writes are
 * handed back to be retried one transaction each, so a stale key costs only itself.
 * Leader thread only, except the retry queue.
 */
final class TxnBatches {

	/** etcd's default {@code --max-txn-ops}: compares and operations per transaction. */
	static final int MAX_TXN_OPS = 128;

	private final int maxWrites;

	private final Map<String, Batch> open = new LinkedHashMap<>();

	private final ConcurrentLinkedQueue<Write> retries = new ConcurrentLinkedQueue<>();

	TxnBatches(int maxWrites) {
		this.maxWrites = Math.max(1, maxWrites);
	}

	/**
	 * Adds a write to the open batch of that name (writes of one name share their
	 * {@link Write#shared()} guards), committing the batch first when the write would not
	 * fit.
	 */
	void add(String name, Write write, Committer committer) throws InterruptedException {
		Batch batch = this.open.get(name);
		if (batch != null && !batch.fits(write, this.maxWrites)) {
			this.open.remove(name);
			commit(batch, committer);
			batch = null;
		}
		if (batch == null) {
			batch = new Batch(write.shared());
			this.open.put(name, batch);
		}
		batch.add(write);
	}

	/** Commits every open batch. */
	void flush(Committer committer) throws InterruptedException {
		List<Batch> batches = new ArrayList<>(this.open.values());
		this.open.clear();
		for (Batch batch : batches) {
			commit(batch, committer);
		}
	}

	/** Writes whose shared transaction failed since the last call. */
	List<Write> takeRetries() {
		List<Write> taken = new ArrayList<>();
		for (Write write = this.retries.poll(); write != null; write = this.retries.poll()) {
			taken.add(write);
		}
		return taken;
	}

	private void commit(Batch batch, Committer committer) throws InterruptedException {
		if (batch.writes.size() == 1) {
			single(batch.writes.get(0), committer);
			return;
		}
		List<Cmp> compares = new ArrayList<>(batch.shared);
		List<Op> ops = new ArrayList<>();
		for (Write write : batch.writes) {
			compares.addAll(write.compares());
			ops.addAll(write.ops());
		}
		committer.commit(compares, ops, (response) -> batch.writes.forEach((write) -> write.committed(response)),
				() -> this.retries.addAll(batch.writes));
	}

	/** Commits one write in a transaction of its own. */
	static void single(Write write, Committer committer) throws InterruptedException {
		List<Cmp> compares = new ArrayList<>(write.shared());
		compares.addAll(write.compares());
		committer.commit(compares, write.ops(), write::committed, () -> {
			write.onFailure().run();
			write.result().complete(false);
		});
	}

	/**
	 * One guarded write.
	 *
	 * @param shared the guards it shares with its batch (kept for a retry alone)
	 * @param compares its own guards
	 * @param ops its operations
	 * @param onSuccess run when committed
	 * @param onFailure run when it failed on its own
	 * @param result completes with whether it was committed
	 */
	record Write(List<Cmp> shared, List<Cmp> compares, List<Op> ops, Consumer<TxnResponse> onSuccess,
			Runnable onFailure, CompletableFuture<Boolean> result) {

		void committed(TxnResponse response) {
			this.onSuccess.accept(response);
			this.result.complete(true);
		}

	}

	/** Sends one guarded transaction (fence check and in-flight bound included). */
	@FunctionalInterface
	interface Committer {

		void commit(List<Cmp> compares, List<Op> ops, Consumer<TxnResponse> onSuccess, Runnable onFailure)
				throws InterruptedException;

	}

	private static final class Batch {

		private final List<Cmp> shared;

		private final List<Write> writes = new ArrayList<>();

		private int compares;

		private int ops;

		Batch(List<Cmp> shared) {
			this.shared = shared;
			this.compares = shared.size();
		}

		boolean fits(Write write, int maxWrites) {
			return this.writes.size() < maxWrites && this.compares + write.compares().size() <= MAX_TXN_OPS
					&& this.ops + write.ops().size() <= MAX_TXN_OPS;
		}

		void add(Write write) {
			this.writes.add(write);
			this.compares += write.compares().size();
			this.ops += write.ops().size();
		}

	}

}
