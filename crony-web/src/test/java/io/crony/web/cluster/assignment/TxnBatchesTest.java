package io.crony.web.cluster.assignment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import org.junit.jupiter.api.Test;

import static io.crony.web.cluster.EtcdBytes.absent;
import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.present;
import static io.crony.web.cluster.EtcdBytes.unchanged;
import static org.assertj.core.api.Assertions.assertThat;

class TxnBatchesTest {

	private final List<Sent> sent = new ArrayList<>();

	private final TxnBatches.Committer committer = (compares, ops, onSuccess, onFailure) -> this.sent
		.add(new Sent(compares, ops, onSuccess, onFailure));

	@Test
	void packsDeletesUpTo126AndMovesUpTo63PerTransactionWithinEtcdLimits() throws Exception {
		TxnBatches batches = new TxnBatches(126);
		List<Cmp> fence = List.of(present(bytes("/leader")));
		for (int i = 0; i < 130; i++) {
			batches.add("delete", delete(fence, i), this.committer);
		}
		List<Cmp> toB = List.of(present(bytes("/leader")), present(bytes("/node/b")));
		for (int i = 0; i < 70; i++) {
			batches.add("move:b", move(toB, i), this.committer);
		}
		batches.flush(this.committer);
		assertThat(this.sent).extracting((sent) -> sent.ops().size()).containsExactlyInAnyOrder(126, 4, 126, 14);
		assertThat(this.sent).allSatisfy((sent) -> {
			assertThat(sent.compares()).hasSizeLessThanOrEqualTo(TxnBatches.MAX_TXN_OPS);
			assertThat(sent.ops()).hasSizeLessThanOrEqualTo(TxnBatches.MAX_TXN_OPS);
		});
	}

	@Test
	void handsTheWritesOfAFailedSharedTransactionBackForRetriesOneByOne() throws Exception {
		TxnBatches batches = new TxnBatches(126);
		List<Cmp> fence = List.of(present(bytes("/leader")));
		AtomicInteger failures = new AtomicInteger();
		List<TxnBatches.Write> writes = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			TxnBatches.Write write = new TxnBatches.Write(fence, List.of(unchanged(bytes("/job/" + i), 7)),
					List.of(Op.delete(bytes("/job/" + i), DeleteOption.DEFAULT)), (response) -> {
					}, failures::incrementAndGet, new CompletableFuture<>());
			writes.add(write);
			batches.add("delete", write, this.committer);
		}
		batches.flush(this.committer);
		this.sent.get(0).onFailure().run();

		assertThat(batches.takeRetries()).containsExactlyElementsOf(writes);
		assertThat(failures).hasValue(0);
		assertThat(writes).allSatisfy((write) -> assertThat(write.result()).isNotDone());

		TxnBatches.single(writes.get(0), this.committer);
		Sent alone = this.sent.get(1);
		assertThat(alone.compares()).hasSize(2);
		alone.onFailure().run();
		assertThat(failures).hasValue(1);
		assertThat(writes.get(0).result()).isCompletedWithValue(false);
	}

	private static TxnBatches.Write delete(List<Cmp> shared, int i) {
		return new TxnBatches.Write(shared, List.of(unchanged(bytes("/a/job/" + i), 3)),
				List.of(Op.delete(bytes("/a/job/" + i), DeleteOption.DEFAULT)), (response) -> {
				}, () -> {
				}, new CompletableFuture<>());
	}

	private static TxnBatches.Write move(List<Cmp> shared, int i) {
		return new TxnBatches.Write(shared, List.of(unchanged(bytes("/a/job/" + i), 3), absent(bytes("/b/job/" + i))),
				List.of(Op.delete(bytes("/a/job/" + i), DeleteOption.DEFAULT),
						Op.put(bytes("/b/job/" + i), bytes("{}"), PutOption.DEFAULT)),
				(response) -> {
				}, () -> {
				}, new CompletableFuture<>());
	}

	private record Sent(List<Cmp> compares, List<Op> ops,
			java.util.function.Consumer<io.etcd.jetcd.kv.TxnResponse> onSuccess, Runnable onFailure) {
	}

}
