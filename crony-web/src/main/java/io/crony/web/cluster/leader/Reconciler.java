package io.crony.web.cluster.leader;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.web.cluster.assignment.NewAssignment;
import io.crony.web.cluster.assignment.Placement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Brings etcd to what MySQL says: every enabled job on exactly one live, undrained agent
 * that matches its selector, at its current version; no key for a disabled or deleted
 * job. {@link #full()} compares everything (and finishes what an earlier leader left half
 * done: keys under dead agents, duplicates); {@link #changes()} handles only rows changed
 * since the last look.
 */
final class Reconciler {

	private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

	private final LeaderSession session;

	Reconciler(LeaderSession session) {
		this.session = session;
	}

	/**
	 * Compares every job with every assignment key.
	 * @return jobs moved off each agent that is no longer alive
	 */
	Map<String, Integer> full() throws InterruptedException {
		LeaderSession s = this.session;
		JobTable.Stamp stamp = s.jobTable.stamp();
		Map<Long, List<Placement>> found = new HashMap<>();
		long revision = s.scanner.scan(s.keys.nodes(), 0, (kv) -> {
			Optional<NodeKey> key = s.keys.parseNodeKey(string(kv.getKey()));
			if (key.isPresent() && key.get() instanceof NodeKey.Assignment assignment) {
				found.computeIfAbsent(assignment.jobId(), (id) -> new ArrayList<>(1))
					.add(new Placement(assignment.jobId(), assignment.agentId(), kv.getModRevision(),
							LeaderSession.versionOf(kv)));
			}
		});
		Plan plan = new Plan();
		Map<Long, PlaceableJob> jobs = new HashMap<>();
		Map<Long, String> mirrored = new HashMap<>();
		s.jobTable.forEach((row) -> {
			PlaceableJob job = row.state();
			jobs.put(row.id(), job);
			mirrored.put(row.id(), row.agentId());
			plan.classify(row, job, found.remove(row.id()));
		});
		// Keys of jobs that no longer exist.
		found.values().forEach((placements) -> plan.deleteAll(placements));
		s.view.reset(plan.primaries);
		s.jobs = jobs;
		log.info(
				"Leader epoch {} full reconcile at revision {}: {} jobs, {} keys to create, {} to update, "
						+ "{} to move, {} to delete",
				s.term.epoch(), revision, jobs.size(), plan.creates.size(), plan.updates.size(), plan.moves.size(),
				plan.deletes.size());
		Map<String, Integer> movedOffDead = new HashMap<>();
		for (Placement placement : plan.deletes) {
			s.writer.delete(placement, plan.primaries.contains(placement));
		}
		for (Map.Entry<Placement, JobRow> update : plan.updates.entrySet()) {
			s.writer.update(update.getKey(), update.getValue().version(), s.writer.value(update.getValue().jobSpec()));
		}
		List<java.util.concurrent.CompletableFuture<Boolean>> moves = new ArrayList<>();
		for (Map.Entry<Placement, JobRow> move : plan.moves.entrySet()) {
			Placement from = move.getKey();
			boolean dead = !s.agents.containsKey(from.agentId());
			moves.add(move(from, move.getValue()).thenApply((moved) -> {
				if (moved && dead) {
					synchronized (movedOffDead) {
						movedOffDead.merge(from.agentId(), 1, Integer::sum);
					}
				}
				return moved;
			}));
		}
		create(plan.creates);
		s.writer.drain();
		s.writer.takeMirror();
		mirrorDifferences(mirrored);
		s.stamp = stamp;
		return movedOffDead;
	}

	/** Applies the rows changed since the last look; true when something changed. */
	boolean changes() throws InterruptedException {
		LeaderSession s = this.session;
		JobTable.Stamp stamp = s.jobTable.stamp();
		if (stamp.equals(s.stamp)) {
			return false;
		}
		long started = System.nanoTime();
		Timestamp since = (s.stamp == null || s.stamp.maxUpdated() == null) ? new Timestamp(0)
				: new Timestamp(s.stamp.maxUpdated().getTime() - s.properties.changeWindow().toMillis());
		List<JobRow> creates = new ArrayList<>();
		List<JobRow> changed = s.jobTable.changedSince(since);
		long read = System.nanoTime();
		for (JobRow row : changed) {
			PlaceableJob job = row.state();
			s.jobs.put(row.id(), job);
			Placement placement = s.view.get(row.id());
			if (!row.enabled()) {
				if (placement != null) {
					s.writer.delete(placement, true);
				}
			}
			else if (placement == null) {
				creates.add(row);
			}
			else if (!s.fits(placement.agentId(), job)) {
				move(placement, row);
			}
			else if (placement.version() != row.version()) {
				s.writer.update(placement, row.version(), s.writer.value(row.jobSpec()));
			}
		}
		create(creates);
		if (stamp.count() != s.jobs.size()) {
			Set<Long> ids = s.jobTable.ids();
			for (Long jobId : new ArrayList<>(s.jobs.keySet())) {
				if (!ids.contains(jobId)) {
					s.jobs.remove(jobId);
					Placement placement = s.view.get(jobId);
					if (placement != null) {
						s.writer.delete(placement, true);
					}
				}
			}
		}
		s.writer.drain();
		long written = System.nanoTime();
		s.flushMirror();
		s.stamp = stamp;
		log.info("Leader epoch {} reconciled {} changed jobs ({} new) in {} ms (rows read in {} ms), mirrored in {} ms",
				s.term.epoch(), changed.size(), creates.size(), (written - started) / 1_000_000,
				(read - started) / 1_000_000, (System.nanoTime() - written) / 1_000_000);
		return true;
	}

	/**
	 * Tries again to place enabled jobs that hold no key (an agent joined or changed).
	 */
	void placeUnassigned() throws InterruptedException {
		LeaderSession s = this.session;
		List<Long> ids = new ArrayList<>();
		for (PlaceableJob job : s.jobs.values()) {
			if (job.enabled() && s.view.get(job.id()) == null) {
				ids.add(job.id());
			}
		}
		if (ids.isEmpty()) {
			return;
		}
		List<JobRow> rows = new ArrayList<>();
		for (JobRow row : s.jobTable.rows(ids).values()) {
			if (row.enabled()) {
				rows.add(row);
			}
		}
		create(rows);
		s.writer.drain();
		s.flushMirror();
	}

	private java.util.concurrent.CompletableFuture<Boolean> move(Placement from, JobRow row)
			throws InterruptedException {
		LeaderSession s = this.session;
		Optional<String> target = s.pick(row.state(), from.agentId());
		if (target.isEmpty()) {
			log.warn("Job {} on agent {} must move but no agent may take it", row.id(), from.agentId());
			return java.util.concurrent.CompletableFuture.completedFuture(false);
		}
		return s.writer.move(from, target.get(), row.version(), s.writer.value(row.jobSpec()),
				s.moveReason(from.agentId()));
	}

	/**
	 * Places new jobs, batching them per agent into transactions of up to batchSize keys.
	 */
	private void create(List<JobRow> rows) throws InterruptedException {
		LeaderSession s = this.session;
		Map<String, List<NewAssignment>> batches = new HashMap<>();
		int unplaced = 0;
		for (JobRow row : rows) {
			PlaceableJob job;
			try {
				job = row.state();
			}
			catch (RuntimeException ex) {
				continue;
			}
			Optional<String> target = s.pick(job, null);
			if (target.isEmpty()) {
				unplaced++;
				continue;
			}
			NewAssignment assignment;
			try {
				assignment = new NewAssignment(row.id(), row.version(), s.writer.value(row.jobSpec()));
				row.forget();
			}
			catch (RuntimeException ex) {
				log.warn("Job {} has an unreadable spec, not assigned: {}", row.id(), ex.getMessage());
				continue;
			}
			s.view.plan(target.get(), 1);
			List<NewAssignment> batch = batches.computeIfAbsent(target.get(), (id) -> new ArrayList<>());
			batch.add(assignment);
			if (batch.size() >= s.properties.batchSize()) {
				s.writer.create(target.get(), batches.remove(target.get()));
			}
		}
		for (Map.Entry<String, List<NewAssignment>> batch : batches.entrySet()) {
			s.writer.create(batch.getKey(), batch.getValue());
		}
		if (unplaced > 0) {
			log.warn("Leader epoch {}: {} jobs stay unassigned, no live agent matches them", s.term.epoch(), unplaced);
		}
	}

	private void mirrorDifferences(Map<Long, String> mirrored) {
		Map<Long, String> differences = new HashMap<>();
		Map<Long, String> actual = this.session.view.agentsByJob();
		mirrored.forEach((jobId, column) -> {
			String agentId = actual.get(jobId);
			if (!java.util.Objects.equals(column, agentId)) {
				differences.put(jobId, agentId);
			}
		});
		this.session.jobTable.mirror(differences);
	}

	/** What a full reconcile decided, before it writes anything. */
	private final class Plan {

		final Set<Placement> primaries = new HashSet<>();

		final List<JobRow> creates = new ArrayList<>();

		final Map<Placement, JobRow> updates = new HashMap<>();

		final Map<Placement, JobRow> moves = new HashMap<>();

		final List<Placement> deletes = new ArrayList<>();

		void classify(JobRow row, PlaceableJob job, List<Placement> placements) {
			List<Placement> found = (placements != null) ? placements : List.of();
			if (!row.enabled()) {
				deleteAll(found);
				return;
			}
			Placement keep = null;
			for (Placement placement : found) {
				if (keep == null && Reconciler.this.session.fits(placement.agentId(), job)) {
					keep = placement;
				}
			}
			Placement primary = (keep != null) ? keep : (found.isEmpty() ? null : found.get(0));
			for (Placement placement : found) {
				if (placement != primary) {
					// A duplicate (an interrupted earlier term): keep one.
					this.deletes.add(placement);
				}
			}
			if (primary == null) {
				this.creates.add(row);
				return;
			}
			this.primaries.add(primary);
			if (keep == null) {
				this.moves.put(primary, row);
			}
			else if (keep.version() != row.version()) {
				this.updates.put(keep, row);
			}
		}

		void deleteAll(List<Placement> placements) {
			if (placements == null || placements.isEmpty()) {
				return;
			}
			this.primaries.add(placements.get(0));
			this.deletes.addAll(placements);
		}

	}

}
