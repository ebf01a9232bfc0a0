package io.crony.web.cluster.leader;

import java.util.List;

/**
 * One change scan under way: the table's stamp when it began, the ids of the jobs changed
 * since the last look (each once, in the order read), how far its slices got, and what
 * they did, for its log line.
 */
final class ChangeScan {

	private final JobTable.Stamp stamp;

	private final List<Long> ids;

	private final long started = System.nanoTime();

	private int next;

	private int slices;

	private int creates;

	private int deletes;

	private long writeNanos;

	private long mirrorNanos;

	ChangeScan(JobTable.Stamp stamp, List<Long> ids) {
		this.stamp = stamp;
		this.ids = ids;
	}

	/** The stamp to record once every job of the scan is applied. */
	JobTable.Stamp stamp() {
		return this.stamp;
	}

	/** The ids of the next slice, at most {@code size}; they count as taken. */
	List<Long> take(int size) {
		List<Long> slice = this.ids.subList(this.next, Math.min(this.ids.size(), this.next + size));
		this.next += slice.size();
		return slice;
	}

	/** Whether every job of the scan was taken. */
	boolean done() {
		return this.next >= this.ids.size();
	}

	/** Records a slice applied: its jobs created and deleted and how long it took. */
	void sliced(int created, int deleted, long writeNanos, long mirrorNanos) {
		this.slices++;
		this.creates += created;
		this.deletes += deleted;
		this.writeNanos += writeNanos;
		this.mirrorNanos += mirrorNanos;
	}

	int slices() {
		return this.slices;
	}

	int jobs() {
		return this.ids.size();
	}

	int creates() {
		return this.creates;
	}

	int deletes() {
		return this.deletes;
	}

	long writeMillis() {
		return this.writeNanos / 1_000_000;
	}

	long mirrorMillis() {
		return this.mirrorNanos / 1_000_000;
	}

	long elapsedMillis() {
		return (System.nanoTime() - this.started) / 1_000_000;
	}

}
