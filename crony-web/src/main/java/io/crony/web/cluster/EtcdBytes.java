package io.crony.web.cluster;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.common.etcd.EtcdCallException;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;

/** Small helpers around jetcd's byte sequences, compares and futures. */
final class EtcdBytes {

	static final long TIMEOUT_SECONDS = 30;

	private EtcdBytes() {
	}

	static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	static String string(ByteSequence value) {
		return value.toString(StandardCharsets.UTF_8);
	}

	static Cmp absent(ByteSequence key) {
		return new Cmp(key, Cmp.Op.EQUAL, CmpTarget.version(0));
	}

	static Cmp present(ByteSequence key) {
		return new Cmp(key, Cmp.Op.GREATER, CmpTarget.version(0));
	}

	static Cmp unchanged(ByteSequence key, long modRevision) {
		return new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(modRevision));
	}

	/**
	 * Waits for an etcd call; an interrupt stays an interrupt, a failure is unchecked.
	 */
	static <T> T await(Future<T> future) throws InterruptedException {
		try {
			return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw new EtcdCallException(ex.getCause());
		}
		catch (TimeoutException ex) {
			future.cancel(true);
			throw new EtcdCallException(ex);
		}
	}

}
