package io.crony.agent.lease;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/**
 * The agent each held job moved from, as its assignment value names it, kept from the
 * assignment watch for the engine's misfire thread: a job's last recorded run may be an
 * older holder's (one that stopped gracefully), while the agent it moved from was cut off
 * before it recorded any run of it and may have fired some of the missed instants from
 * its spool ({@code FormerHolderFires}). The assignment tells of a move before the engine
 * holds the job, so the arrival finds it.
 * <p>
 * A value with no former holder (a spec updated in place, or a value an older web wrote)
 * leaves the job's entry as it was: the update of a job just moved here must not hide the
 * move from its arrival, which may not have been judged yet. An entry outliving its
 * arrival is harmless: the former holder ran nothing after the move, and the instants a
 * later arrival (a restart) missed come after it. A job's entry goes with its key.
 */
public final class Handovers implements LongFunction<Handover> {

	private final Map<Long, Handover> byJob = new ConcurrentHashMap<>();

	/** The job's key names the agent it moved from. */
	public void moved(long jobId, Handover handover) {
		this.byJob.put(jobId, handover);
	}

	/** The job's key is gone from this agent. */
	public void left(Collection<Long> jobIds) {
		jobIds.forEach(this.byJob::remove);
	}

	/** A reload found exactly these jobs' keys. */
	public void retainOnly(Set<Long> jobIds) {
		this.byJob.keySet().retainAll(jobIds);
	}

	/** The move that brought the job here, null when none is known. */
	@Override
	public Handover apply(long jobId) {
		return this.byJob.get(jobId);
	}

}
