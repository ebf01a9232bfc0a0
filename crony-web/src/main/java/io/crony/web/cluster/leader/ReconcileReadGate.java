package io.crony.web.cluster.leader;

/**
 * Passed by a periodic full reconcile's reader thread between reading the keys and
 * reading the rows. A test holds it closed to keep a reconcile in progress, its keys
 * already read, while agents go away and jobs change; without a bean of this type it
 * never waits.
 */
public interface ReconcileReadGate {

	ReconcileReadGate OPEN = () -> {
	};

	void pass() throws InterruptedException;

}
