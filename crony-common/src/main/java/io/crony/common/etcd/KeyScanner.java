package io.crony.common.etcd;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;

import static io.crony.common.etcd.EtcdCalls.await;

/**
 * Reads a key range page by page at one revision, so a range of 100,000 assignments
 * neither exceeds gRPC's message limit nor mixes two points in time. Each assignment
 * value is about half a kilobyte: 100,000 of them in one range response would be some 50
 * MB, far over the 4 MB a gRPC client takes by default, so such a read never succeeds.
 * Every page after the first is read at the first page's revision, which etcd keeps until
 * it is compacted.
 * <p>
 * Used by the web leader and by the agent; needs {@code io.etcd:jetcd-core}, which
 * crony-common declares optional (the business-service starter does not pull it).
 */
public final class KeyScanner {

	private static final ByteSequence ZERO = ByteSequence.from(new byte[] { 0 });

	private final KV kv;

	private final int pageSize;

	/**
	 * A scanner over one etcd client.
	 * @param kv the client's key-value API
	 * @param pageSize most keys read per range request
	 */
	public KeyScanner(KV kv, int pageSize) {
		if (pageSize < 1) {
			throw new IllegalArgumentException("pageSize must be at least 1, not " + pageSize);
		}
		this.kv = kv;
		this.pageSize = pageSize;
	}

	/**
	 * Reads every key with the prefix.
	 * @param prefix the key prefix
	 * @param revision the revision to read at, or 0 for the current one
	 * @param sink receives every key in order
	 * @return the revision the keys were read at
	 * @throws InterruptedException if interrupted while waiting for etcd
	 * @throws EtcdCallException if etcd fails or does not answer a page in time
	 */
	public long scan(String prefix, long revision, Consumer<KeyValue> sink) throws InterruptedException {
		return scan(ByteSequence.from(prefix, StandardCharsets.UTF_8), prefixEnd(prefix), revision, sink);
	}

	/**
	 * Reads every key from {@code from} (inclusive) to {@code end} (exclusive).
	 * @param from the first key
	 * @param end the key after the last one
	 * @param revision the revision to read at, or 0 for the current one
	 * @param sink receives every key in order
	 * @return the revision the keys were read at
	 * @throws InterruptedException if interrupted while waiting for etcd
	 * @throws EtcdCallException if etcd fails or does not answer a page in time
	 */
	public long scan(ByteSequence from, ByteSequence end, long revision, Consumer<KeyValue> sink)
			throws InterruptedException {
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

	/**
	 * Reads one page.
	 * @param from the first key
	 * @param end the key after the last one
	 * @param revision the revision to read at, or 0 for the current one
	 * @param limit most keys read
	 * @return etcd's answer
	 * @throws InterruptedException if interrupted while waiting for etcd
	 * @throws EtcdCallException if etcd fails or does not answer in time
	 */
	public GetResponse get(ByteSequence from, ByteSequence end, long revision, int limit) throws InterruptedException {
		GetOption.Builder option = GetOption.builder().withRange(end).withLimit(limit);
		if (revision > 0) {
			option.withRevision(revision);
		}
		return await(this.kv.get(from, option.build()));
	}

	/**
	 * The first key after every key that starts with the prefix.
	 * @param prefix the key prefix
	 * @return the end of the prefix's range
	 */
	public static ByteSequence prefixEnd(String prefix) {
		byte[] end = prefix.getBytes(StandardCharsets.UTF_8);
		for (int i = end.length - 1; i >= 0; i--) {
			if (end[i] != (byte) 0xff) {
				end[i]++;
				return ByteSequence.from(Arrays.copyOf(end, i + 1));
			}
		}
		return ZERO;
	}

}
