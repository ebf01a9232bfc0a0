package io.crony.common.etcd;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for jetcd's futures the same way everywhere: an interrupt stays an interrupt, a
 * failure or a call not answered within {@link #TIMEOUT_SECONDS} is an unchecked
 * {@link EtcdCallException}. Needs {@code io.etcd:jetcd-core} only through its callers.
 */
public final class EtcdCalls {

	/** How long one call may take. */
	public static final long TIMEOUT_SECONDS = 30;

	private EtcdCalls() {
	}

	/**
	 * Waits for an etcd call.
	 * @param <T> the call's result
	 * @param future the call
	 * @return its result
	 * @throws InterruptedException if interrupted while waiting
	 * @throws EtcdCallException if etcd fails or does not answer in time
	 */
	public static <T> T await(Future<T> future) throws InterruptedException {
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
