package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.OnceRequest;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.AssignmentWriter;
import io.crony.web.cluster.assignment.Placement;
import io.etcd.jetcd.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.bytes;

/**
 * Moves every job off one agent (it died, or the operator drained it), as listed from
 * etcd itself rather than from the leader's memory; then moves the agent's pending once
 * requests after the jobs they belong to, one transaction each. Job moves to the same
 * agent share transactions, and so do the deletes of keys that only have to go (see
 * {@link AssignmentWriter}); each move stays atomic.
 */
final class Relocator {

	private static final Logger log = LoggerFactory.getLogger(Relocator.class);

	private final CronyKeys keys;

	private final StoredAssignments stored;

	private final LeaderState state;

	private final AgentChooser chooser;

	private final AssignmentView view;

	private final AssignmentWriter writer;

	private final AgentIdMirror mirror;

	Relocator(CronyKeys keys, StoredAssignments stored, LeaderState state, AgentChooser chooser, AssignmentView view,
			AssignmentWriter writer, AgentIdMirror mirror) {
		this.keys = keys;
		this.stored = stored;
		this.state = state;
		this.chooser = chooser;
		this.view = view;
		this.writer = writer;
		this.mirror = mirror;
	}

	/**
	 * @param agentId the agent to empty
	 * @param reason metric tag and log word: failover or drain
	 * @return how many jobs moved and how many could not (no agent may take them)
	 */
	Evacuation evacuate(String agentId, String reason) throws InterruptedException {
		long started = System.nanoTime();
		List<StoredAssignments.Stored> keys = this.stored.on(agentId);
		List<CompletableFuture<Boolean>> moves = new ArrayList<>(keys.size());
		int stuck = 0;
		for (StoredAssignments.Stored key : keys) {
			long jobId = key.jobId();
			Placement from = key.placement();
			PlaceableJob job = this.state.job(jobId);
			Placement current = this.view.get(jobId);
			boolean counted = current != null && current.agentId().equals(agentId);
			// Deleted, disabled, or already held elsewhere: this key only has to go. So
			// does one whose value cannot be read: its spec cannot be re-issued, and it
			// must not hold up the other moves; the step's placement of unassigned jobs
			// (or the next full reconcile) places the job anew from its row.
			if (job == null || !job.enabled() || !counted && current != null || key.readSpec() == null) {
				this.writer.delete(from, counted);
				continue;
			}
			Optional<String> target = this.chooser.pick(job, agentId);
			if (target.isEmpty()) {
				stuck++;
				continue;
			}
			moves.add(this.writer.move(from, target.get(), from.version(), key.spec(), reason));
		}
		this.writer.drain();
		int moved = (int) moves.stream().filter(CompletableFuture::join).count();
		moveOnces(agentId);
		this.writer.drain();
		this.mirror.flush();
		if (moved > 0 || stuck > 0) {
			log.info("Agent {} {}: {} jobs moved, {} found no other agent, in {} ms", agentId, reason, moved, stuck,
					(System.nanoTime() - started) / 1_000_000);
		}
		return new Evacuation(moved, stuck);
	}

	private void moveOnces(String agentId) throws InterruptedException {
		for (KeyValue kv : this.stored.oncesOn(agentId)) {
			OnceRequest request;
			try {
				request = CronyJson.fromBytes(kv.getValue().getBytes(), OnceRequest.class);
			}
			catch (RuntimeException ex) {
				continue;
			}
			Placement current = this.view.get(request.jobId());
			if (current != null && !current.agentId().equals(agentId)) {
				this.writer.moveKey(kv.getKey(), kv.getModRevision(), current.agentId(),
						bytes(this.keys.once(current.agentId(), request.executionId())), kv.getValue());
			}
		}
	}

	/**
	 * @param moved jobs moved
	 * @param stuck jobs that found no other agent and stayed
	 */
	record Evacuation(int moved, int stuck) {

	}

}
