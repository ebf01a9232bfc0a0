package io.crony.agent.assignment;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.agent.schedule.FiringEngine;
import io.crony.common.execution.OnceRequest;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.watch.WatchEvent;

/**
 * Hands this agent's once requests (a manual run) to the engine. The key is deleted only
 * when the request runs (see {@link FiringEngine#runOnce}), guarded by its revision: a
 * request withdrawn or moved to another agent meanwhile is not run here.
 */
final class OnceRequests {

	private final KV kv;

	private final FiringEngine engine;

	OnceRequests(KV kv, FiringEngine engine) {
		this.kv = kv;
		this.engine = engine;
	}

	void onEvent(WatchEvent event) {
		if (event.getEventType() == WatchEvent.EventType.PUT) {
			take(event.getKeyValue());
		}
	}

	void take(KeyValue kv) {
		OnceRequest request = CronyJson.fromBytes(kv.getValue().getBytes(), OnceRequest.class);
		ByteSequence key = kv.getKey();
		long revision = kv.getModRevision();
		this.engine.runOnce(request, () -> deleteIfUnchanged(key, revision));
	}

	private boolean deleteIfUnchanged(ByteSequence key, long revision) {
		try {
			return this.kv.txn()
				.If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(revision)))
				.Then(Op.delete(key, DeleteOption.DEFAULT))
				.commit()
				.get(10, TimeUnit.SECONDS)
				.isSucceeded();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while taking " + key, ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("etcd did not answer while taking " + key, ex);
		}
	}

}
