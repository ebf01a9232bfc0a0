package io.crony.web.cluster;

import java.util.List;
import java.util.function.Consumer;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;

import static io.crony.web.cluster.EtcdBytes.await;
import static io.crony.web.cluster.EtcdBytes.bytes;

/**
 * Reads a key range page by page at one revision, so a range of 100,000 assignments
 * neither exceeds gRPC's message limit nor mixes two points in time.
 */
final class KeyScanner {

	private static final ByteSequence ZERO = ByteSequence.from(new byte[] { 0 });

	private final KV kv;

	private final int pageSize;

	KeyScanner(KV kv, int pageSize) {
		this.kv = kv;
		this.pageSize = pageSize;
	}

	/**
	 * Reads every key with the prefix.
	 * @param prefix the key prefix
	 * @param revision the revision to read at, or 0 for the current one
	 * @param sink receives every key in order
	 * @return the revision the keys were read at
	 */
	long scan(String prefix, long revision, Consumer<KeyValue> sink) throws InterruptedException {
		return scan(bytes(prefix), EtcdBytes.prefixEnd(prefix), revision, sink);
	}

	long scan(ByteSequence from, ByteSequence end, long revision, Consumer<KeyValue> sink) throws InterruptedException {
		long rev = revision;
		ByteSequence cursor = from;
		while (true) {
			GetResponse page = get(cursor, end, rev, this.pageSize);
			if (rev == 0) {
				rev = page.getHeader().getRevision();
			}
			List<KeyValue> kvs = page.getKvs();
			kvs.forEach(sink);
			if (!page.isMore() || kvs.isEmpty()) {
				return rev;
			}
			cursor = kvs.get(kvs.size() - 1).getKey().concat(ZERO);
		}
	}

	GetResponse get(ByteSequence from, ByteSequence end, long revision, int limit) throws InterruptedException {
		GetOption.Builder option = GetOption.builder().withRange(end).withLimit(limit);
		if (revision > 0) {
			option.withRevision(revision);
		}
		return await(this.kv.get(from, option.build()));
	}

}
