package io.crony.common.etcd;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.LeaseOption;

/**
 * The TTL etcd granted a lease, read with {@code LeaseTimeToLive}: how another process's
 * setting is learned from the lease it put its key under, so that neither side repeats
 * the other's. crony-agent reads the web leader's this way, crony-web the agents'. Needs
 * {@code io.etcd:jetcd-core} only through its callers.
 */
public final class GrantedLeaseTtl {

	private GrantedLeaseTtl() {
	}

	/**
	 * Reads the TTL etcd granted a lease, without waiting for the answer.
	 * @param etcd the client to ask
	 * @param leaseId the lease a key is under, 0 for none
	 * @return the granted TTL; empty for no lease, or one expired or revoked (etcd then
	 * answers TTL -1 and no granted TTL); failed if etcd fails or the client is closed
	 */
	public static CompletableFuture<Optional<Duration>> read(Client etcd, long leaseId) {
		if (leaseId == 0) {
			return CompletableFuture.completedFuture(Optional.empty());
		}
		try {
			return etcd.getLeaseClient()
				.timeToLive(leaseId, LeaseOption.DEFAULT)
				.thenApply((lease) -> (lease.getTTL() > 0 && lease.getGrantedTTL() > 0)
						? Optional.of(Duration.ofSeconds(lease.getGrantedTTL())) : Optional.empty());
		}
		catch (RuntimeException ex) {
			// a closed client throws: one way to fail for the callers
			return CompletableFuture.failedFuture(ex);
		}
	}

}
