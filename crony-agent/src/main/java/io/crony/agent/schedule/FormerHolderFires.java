package io.crony.agent.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.LastFire;
import io.crony.agent.execution.RecordWriter;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * Keeps a job taken over from another agent from running again what that agent ran
 * unrecorded. Cut off from etcd and MariaDB at once, the former holder goes on firing on
 * claims in its spool up to its fence, {@code lease-ttl - fencing-margin} after its last
 * confirmed keepalive; its lease expires {@code lease-ttl} after that keepalive, and only
 * then does the leader move the job here. So when the job arrives, the instants its
 * former holder may have run lie before {@code arrival - fencing-margin}, and their rows
 * are in its spool, not in the database, until it can reach MariaDB again. Those missed
 * instants (reaching back {@code 3 x lease-ttl}: the expiry plus up to twice the TTL for
 * the leader to move the job) are not run here, whatever the misfire policy: each is
 * recorded MISSED under the former holder, so its spool's replay, which may update only
 * that agent's rows and may take MISSED to the run's real outcome
 * ({@code RunTransition.FINISH}), corrects the row to what happened. An instant that
 * already has a row (a claim the former holder made ahead, or released) is left to the
 * claim, where the unique key keeps it single. A former holder still registered in etcd
 * (its node key there: it has its lease) was not cut off from etcd, so it handed the job
 * over: a live move's or a restart's missed instants go by the misfire policy. The price:
 * a killed agent's last seconds before the move are recorded MISSED, not caught up, as
 * nobody can tell it from one cut off.
 */
final class FormerHolderFires {

	private static final Logger logger = LoggerFactory.getLogger(FormerHolderFires.class);

	private static final int LOOK_BACK_TTLS = 3;

	private final ExecutionStore store;

	private final RecordWriter records;

	private final String agentId;

	private final Duration lookBack;

	private final Duration fencingMargin;

	private final Predicate<String> registered;

	/**
	 * @param registered whether an agent is registered in etcd now
	 */
	FormerHolderFires(ExecutionStore store, RecordWriter records, String agentId, Duration leaseTtl,
			Duration fencingMargin, Predicate<String> registered) {
		this.store = store;
		this.records = records;
		this.agentId = agentId;
		this.lookBack = leaseTtl.multipliedBy(LOOK_BACK_TTLS);
		this.fencingMargin = fencingMargin;
		this.registered = registered;
	}

	/**
	 * Of the missed instants a job's misfire policy would run on its arrival here, those
	 * its former holder may have run from its spool: in
	 * {@code (arrival - 3 x lease-ttl, arrival - fencing-margin]}, when the job's last
	 * run was another agent's and that agent is not registered in etcd now.
	 * @param last the job's last fire that ran, null when none
	 */
	List<Instant> mayHaveRunThere(LastFire last, List<Instant> missed, Instant arrival) {
		if (last == null || last.agentId() == null || last.agentId().equals(this.agentId)) {
			return List.of();
		}
		Instant from = arrival.minus(this.lookBack);
		Instant until = arrival.minus(this.fencingMargin);
		List<Instant> window = missed.stream().filter((at) -> at.isAfter(from) && !at.isAfter(until)).toList();
		// asked only when an instant qualifies: a handed-over job's former holder is
		// still registered, and nothing of it waits in a spool
		return (window.isEmpty() || this.registered.test(last.agentId())) ? List.of() : window;
	}

	/**
	 * Which of these fires have no row yet; all of them when the database cannot tell
	 * (then none is run here: an instant recorded MISSED is corrected by the replay, one
	 * run twice is not undone).
	 */
	Set<FireKey> withoutRows(Collection<FireKey> keys) {
		if (keys.isEmpty()) {
			return Set.of();
		}
		try {
			Set<FireKey> without = new HashSet<>(keys);
			without.removeAll(this.store.find(keys).keySet());
			return without;
		}
		catch (DataAccessException ex) {
			logger.warn("Rows of {} fires a former holder may have run not known: database unreachable ({})",
					keys.size(), ex.getMessage());
			return Set.copyOf(keys);
		}
	}

	/**
	 * Records each instant MISSED under the former holder, inserted like a claim: a row
	 * made meanwhile (the former holder's replay) keeps its own outcome, as FINISH leaves
	 * no ended run but MISSED.
	 */
	void recordMissed(JobState job, String formerHolder, List<Instant> instants, Instant now) {
		if (instants.isEmpty() || this.records == null) {
			return;
		}
		String why = "Not run by " + this.agentId + " on taking the job over: its former holder " + formerHolder
				+ " may have run it while cut off from etcd and the database; its spooled record, once written,"
				+ " tells what happened";
		for (Instant at : instants) {
			this.records.submit(new ExecutionRecord.Claimed(job.id(), job.spec.name(), at, formerHolder,
					TriggerType.CRON, null, now));
			this.records.submit(new ExecutionRecord.Finished(job.id(), at, formerHolder, ExecutionStatus.MISSED, 1,
					null, why, now));
		}
	}

}
