package io.crony.common.etcd;

/**
 * An etcd call failed or was not answered in time; the caller retries on its next pass.
 */
public final class EtcdCallException extends RuntimeException {

	public EtcdCallException(Throwable cause) {
		super("etcd call failed: " + cause.getMessage(), cause);
	}

}
