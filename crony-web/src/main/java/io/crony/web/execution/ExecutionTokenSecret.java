package io.crony.web.execution;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionTokens;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The secret execution tokens are made with, shared with the agents through etcd. Any web
 * instance puts a fresh one if the key is absent (one transaction: exactly one secret
 * ever wins, so this needs no leader) and then uses whatever the key holds. Nothing
 * token-related is stored in MySQL.
 */
@Component
class ExecutionTokenSecret {

	private static final Logger log = LoggerFactory.getLogger(ExecutionTokenSecret.class);

	private final Client etcd;

	private final ByteSequence key;

	private volatile ExecutionTokens tokens;

	ExecutionTokenSecret(Client etcd, CronyKeys keys) {
		this.etcd = etcd;
		this.key = ByteSequence.from(keys.executionTokenKey(), StandardCharsets.UTF_8);
	}

	/** Makes sure the secret exists as soon as the instance runs, so agents find it. */
	@EventListener(ApplicationReadyEvent.class)
	void ensureSecret() {
		try {
			tokens();
		}
		catch (RuntimeException ex) {
			log.warn("Execution token secret {} not ready yet (tried again at the first report): {}", this.key,
					ex.getMessage());
		}
	}

	/** The token checker, loaded (and the secret created if absent) on first use. */
	ExecutionTokens tokens() {
		ExecutionTokens current = this.tokens;
		if (current == null) {
			synchronized (this) {
				if (this.tokens == null) {
					this.tokens = ExecutionTokens.fromEncodedSecret(loadOrCreate());
				}
				current = this.tokens;
			}
		}
		return current;
	}

	private String loadOrCreate() {
		ByteSequence fresh = ByteSequence.from(ExecutionTokens.newSecret(), StandardCharsets.US_ASCII);
		try {
			boolean created = this.etcd.getKVClient()
				.txn()
				.If(new Cmp(this.key, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
				.Then(Op.put(this.key, fresh, PutOption.DEFAULT))
				.commit()
				.get(10, TimeUnit.SECONDS)
				.isSucceeded();
			if (created) {
				log.info("Execution token secret {} created", this.key);
				return fresh.toString(StandardCharsets.US_ASCII);
			}
			KeyValue kv = this.etcd.getKVClient()
				.get(this.key, GetOption.DEFAULT)
				.get(10, TimeUnit.SECONDS)
				.getKvs()
				.get(0);
			return kv.getValue().toString(StandardCharsets.US_ASCII);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EtcdUnavailableException("reading the execution token secret", ex);
		}
		catch (Exception ex) {
			throw new EtcdUnavailableException("reading the execution token secret", ex);
		}
	}

}
