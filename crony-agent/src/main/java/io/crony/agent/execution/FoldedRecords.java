package io.crony.agent.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch of records with each run that started and finished within it written by one
 * UPDATE instead of two: its {@link ExecutionRecord.Started} records are dropped and the
 * first one's start time goes with its {@link ExecutionRecord.Finished}. Most runs end
 * within one flush interval, so this halves the updates per fire. Both records would have
 * been written in the same transaction anyway, so no reader sees a difference; the finish
 * statement overwrites everything the start one set except {@code started_at}.
 * <p>
 * Likewise a fire whose record is written once: its RUNNING insert
 * ({@link ExecutionRecord.Opened}) in front of its {@link ExecutionRecord.Closed} in the
 * same batch is dropped, and the closed row, which carries its start, is its one insert.
 */
final class FoldedRecords {

	private final List<ExecutionRecord> records;

	private final Map<ExecutionRecord.Finished, Instant> startedAt;

	private FoldedRecords(List<ExecutionRecord> records, Map<ExecutionRecord.Finished, Instant> startedAt) {
		this.records = records;
		this.startedAt = startedAt;
	}

	static FoldedRecords of(List<ExecutionRecord> batch) {
		// where in the result each key's Started records not yet finished are (retries
		// start the same run again: all of them are folded)
		Map<FireKey, List<Integer>> started = new HashMap<>();
		List<ExecutionRecord> kept = new ArrayList<>(batch.size());
		Map<ExecutionRecord.Finished, Instant> startedAt = new IdentityHashMap<>();
		for (ExecutionRecord record : batch) {
			FireKey key = new FireKey(record.jobId(), record.scheduledAt());
			if (record instanceof ExecutionRecord.Started || record instanceof ExecutionRecord.Opened) {
				started.computeIfAbsent(key, (k) -> new ArrayList<>()).add(kept.size());
			}
			else if (record instanceof ExecutionRecord.Closed closed) {
				// a record written once carries its start: the RUNNING insert before it
				// is dropped
				List<Integer> starts = started.remove(key);
				if (starts != null && starts.stream()
					.allMatch((i) -> kept.get(i) instanceof ExecutionRecord.Opened opened
							&& opened.agentId().equals(closed.agentId()))) {
					starts.forEach((i) -> kept.set(i, null));
				}
			}
			else if (record instanceof ExecutionRecord.Finished finish) {
				List<Integer> starts = started.remove(key);
				if (starts != null && starts.stream()
					.allMatch(
							(i) -> kept.get(i) instanceof ExecutionRecord.Started && sameAgent(kept.get(i), finish))) {
					startedAt.put(finish, ((ExecutionRecord.Started) kept.get(starts.get(0))).at());
					starts.forEach((i) -> kept.set(i, null));
				}
			}
			kept.add(record);
		}
		kept.removeIf((record) -> record == null);
		return new FoldedRecords(kept, startedAt);
	}

	private static boolean sameAgent(ExecutionRecord started, ExecutionRecord.Finished finish) {
		return ((ExecutionRecord.Started) started).agentId().equals(finish.agentId());
	}

	/** The records to write, in their order. */
	List<ExecutionRecord> records() {
		return this.records;
	}

	/** When the run of a finish record started, if its start was folded into it. */
	Instant startedAt(ExecutionRecord.Finished finish) {
		return this.startedAt.get(finish);
	}

}
