package io.crony.web.cluster.leader;

import java.util.Collection;

/**
 * Where a test holds or watches a periodic full reconcile; without a bean of this type
 * nothing waits and nothing is told. A test holds the read between the keys and the rows,
 * to keep a reconcile in progress with its keys already read while agents go away and
 * jobs change, and holds the corrections, or the change scan, before a slice, to see that
 * the leader goes on deciding (failovers first) while either has slices left.
 */
public interface ReconcileGate {

	ReconcileGate OPEN = new ReconcileGate() {
	};

	/** Passed by the reader thread between reading the keys and reading the rows. */
	default void passRead() throws InterruptedException {
	}

	/**
	 * Asked on the decision thread before each slice of a correction: while it answers
	 * true the slice waits and the loop goes on with its steps. It must not block, as it
	 * would hold the decision thread.
	 * @param slicesApplied the slices of this correction applied so far
	 */
	default boolean holdsSlice(int slicesApplied) {
		return false;
	}

	/**
	 * Asked on the decision thread before each slice of a change scan, as
	 * {@link #holdsSlice(int)} is before a correction's: while it answers true the slice
	 * waits and the loop goes on with its steps. It must not block.
	 * @param slicesApplied the slices of this change scan applied so far
	 */
	default boolean holdsChangeSlice(int slicesApplied) {
		return false;
	}

	/**
	 * Told, on the decision thread, the jobs whose rows a slice of corrections is about
	 * to read again.
	 */
	default void rereads(Collection<Long> jobIds) {
	}

}
