package io.crony.agent.execution;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Start records the writer keeps back for a while, so a run that ends within that time
 * reaches the database as one update ({@link FoldedRecords}) whatever the batch its start
 * fell in. The flush interval alone folds only runs that end within 50 ms of the batch's
 * first record; on a loaded agent most calls take longer, and each then cost two row
 * updates.
 *
 * <p>
 * Keeping a start back changes no guarantee: a claimed row is never run again whether it
 * says PENDING or RUNNING (its agent may have died between calling the target and
 * recording it, docs/architecture.md "Misfires"), so the start record only tells a reader
 * that the run began; a run that lasts longer than the hold shows RUNNING that much
 * later. Each fire's records stay in their order: a start kept back goes in front of the
 * next record of its fire.
 * <p>
 * A fire whose record is written once ({@link ExecutionRecord.Opened}, docs/scaling.md,
 * "Plan" 3 (c)) has no row until its record: its start is kept back the same way, and is
 * dropped in front of its closed record ({@link FoldedRecords}), so a run that ends
 * within the hold costs one insert; a run that outlives it is inserted RUNNING when the
 * hold runs out and its closed record then finishes that row.
 */
final class HeldStarts {

	private final long holdNanos;

	// by fire, in the order their first start arrived, which is the order they come due
	private final Map<FireKey, Held> held = new LinkedHashMap<>();

	// fires held with a start of a record written once: no row of theirs exists yet
	private int opened;

	HeldStarts(long holdNanos) {
		this.holdNanos = holdNanos;
	}

	/**
	 * Turns a batch taken off the queue into what to write now: the batch without the
	 * starts to keep back, each fire's kept-back starts in front of its next record, and
	 * the starts whose hold ran out, each fire's records in their order.
	 * @param batch records in the order they were submitted, changed in place
	 * @param now {@link System#nanoTime()}
	 * @param releaseAll keep nothing back (the database is away, or the writer stops)
	 */
	void sort(List<ExecutionRecord> batch, long now, boolean releaseAll) {
		if (this.holdNanos <= 0 && this.held.isEmpty()) {
			return;
		}
		List<ExecutionRecord> toWrite = new ArrayList<>(batch.size() + this.held.size());
		for (ExecutionRecord record : batch) {
			FireKey key = new FireKey(record.jobId(), record.scheduledAt());
			Held earlier = this.held.get(key);
			if (isStart(record) && !releaseAll && this.holdNanos > 0) {
				Held held = earlier;
				if (held == null) {
					held = new Held(now + this.holdNanos, record);
					this.held.put(key, held);
				}
				else {
					held.records.add(record);
				}
				if (record instanceof ExecutionRecord.Opened && !held.opened) {
					held.opened = true;
					this.opened++;
				}
				continue;
			}
			if (earlier != null) {
				this.held.remove(key);
				released(earlier);
				toWrite.addAll(earlier.records);
			}
			toWrite.add(record);
		}
		for (Iterator<Held> due = this.held.values().iterator(); due.hasNext();) {
			Held next = due.next();
			if (!releaseAll && next.dueNanos > now) {
				break;
			}
			toWrite.addAll(next.records);
			due.remove();
			released(next);
		}
		batch.clear();
		batch.addAll(toWrite);
	}

	// a start of a row there (or claimed), or of a fire whose record is written once: a
	// run that ends within the hold is then one insert of its closed row (FoldedRecords)
	private static boolean isStart(ExecutionRecord record) {
		return record instanceof ExecutionRecord.Started || record instanceof ExecutionRecord.Opened;
	}

	/** Starts kept back now. */
	private void released(Held held) {
		if (held.opened) {
			this.opened--;
		}
	}

	int size() {
		return this.held.size();
	}

	/**
	 * How many fires are held with a start of a record written once
	 * ({@link ExecutionRecord.Opened}): their rows do not exist until the start is
	 * written or folded into its closed row.
	 */
	int opened() {
		return this.opened;
	}

	private static final class Held {

		private final long dueNanos;

		private final List<ExecutionRecord> records = new ArrayList<>(1);

		private boolean opened;

		Held(long dueNanos, ExecutionRecord first) {
			this.dueNanos = dueNanos;
			this.records.add(first);
		}

	}

}
