package io.crony.web.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;

/**
 * Reads and writes etcd directly, standing in for the leader and checking what the web
 * wrote.
 */
public final class EtcdProbe {

	private final Client etcd;

	public EtcdProbe(Client etcd) {
		this.etcd = etcd;
	}

	public List<KeyValue> under(String prefix) {
		try {
			return this.etcd.getKVClient()
				.get(bytes(prefix), GetOption.builder().isPrefix(true).build())
				.get(10, TimeUnit.SECONDS)
				.getKvs();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	public List<String> keysUnder(String prefix) {
		return under(prefix).stream().map((kv) -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
	}

	/**
	 * The keys of Crony's data under a prefix: everything but the web leader election and
	 * the execution token secret, which a running web instance keeps there.
	 */
	public List<String> dataKeys(CronyKeys keys) {
		return keysUnder(keys.prefix() + "/").stream()
			.filter((key) -> !key.startsWith(keys.webElection()) && !key.equals(keys.executionTokenKey()))
			.toList();
	}

	public KeyValue get(String key) {
		List<KeyValue> kvs;
		try {
			kvs = this.etcd.getKVClient().get(bytes(key)).get(10, TimeUnit.SECONDS).getKvs();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		return kvs.isEmpty() ? null : kvs.get(0);
	}

	public void put(String key, String value) {
		try {
			this.etcd.getKVClient().put(bytes(key), bytes(value)).get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	public void deleteUnder(String prefix) {
		try {
			this.etcd.getKVClient()
				.delete(bytes(prefix), DeleteOption.builder().isPrefix(true).build())
				.get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	public long grantedTtlOfLease(long leaseId) {
		try {
			return this.etcd.getLeaseClient()
				.timeToLive(leaseId, io.etcd.jetcd.options.LeaseOption.DEFAULT)
				.get(10, TimeUnit.SECONDS)
				.getGrantedTTL();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

}
