package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.common.execution.OnceRequest;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.assignment.Placement;
import io.etcd.jetcd.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Moves every job off one agent (it died, or the operator drained it), as listed from
 * etcd itself rather than from the leader's memory; then moves the agent's pending once
 * requests after the jobs they belong to, one transaction each. Job moves to the same
 * agent share transactions, and so do the deletes of keys that only have to go (see
 * {@link io.crony.web.cluster.assignment.AssignmentWriter}); each move stays atomic.
 */
final class Relocator {

	private static final Logger log = LoggerFactory.getLogger(Relocator.class);

	private final LeaderSession session;

	Relocator(LeaderSession session) {
		this.session = session;
	}

	/**
	 * @param agentId the agent to empty
	 * @param reason metric tag and log word: failover or drain
	 * @return how many jobs moved and how many could not (no agent may take them)
	 */
	Evacuation evacuate(String agentId, String reason) throws InterruptedException {
		LeaderSession s = this.session;
		long started = System.nanoTime();
		List<KeyValue> kvs = new ArrayList<>();
		s.scanner.scan(s.keys.jobs(agentId), 0, kvs::add);
		List<CompletableFuture<Boolean>> moves = new ArrayList<>(kvs.size());
		int stuck = 0;
		for (KeyValue kv : kvs) {
			Optional<NodeKey> key = s.keys.parseNodeKey(string(kv.getKey()));
			if (key.isEmpty() || !(key.get() instanceof NodeKey.Assignment assignment)) {
				continue;
			}
			long jobId = assignment.jobId();
			Placement from = new Placement(jobId, agentId, kv.getModRevision(), LeaderSession.versionOf(kv));
			PlaceableJob job = s.jobs.get(jobId);
			Placement current = s.view.get(jobId);
			boolean counted = current != null && current.agentId().equals(agentId);
			if (job == null || !job.enabled() || !counted && current != null) {
				// Deleted, disabled, or already held elsewhere: this key only has to go.
				s.writer.delete(from, counted);
				continue;
			}
			Optional<String> target = s.pick(job, agentId);
			if (target.isEmpty()) {
				stuck++;
				continue;
			}
			moves.add(s.writer.move(from, target.get(), from.version(), s.reissue(kv), reason));
		}
		s.writer.drain();
		int moved = (int) moves.stream().filter(CompletableFuture::join).count();
		moveOnces(agentId);
		s.writer.drain();
		s.flushMirror();
		if (moved > 0 || stuck > 0) {
			log.info("Agent {} {}: {} jobs moved, {} found no other agent, in {} ms", agentId, reason, moved, stuck,
					(System.nanoTime() - started) / 1_000_000);
		}
		return new Evacuation(moved, stuck);
	}

	private void moveOnces(String agentId) throws InterruptedException {
		LeaderSession s = this.session;
		List<KeyValue> onces = new ArrayList<>();
		s.scanner.scan(s.keys.onces(agentId), 0, onces::add);
		for (KeyValue kv : onces) {
			OnceRequest request;
			try {
				request = CronyJson.fromBytes(kv.getValue().getBytes(), OnceRequest.class);
			}
			catch (RuntimeException ex) {
				continue;
			}
			Placement current = s.view.get(request.jobId());
			if (current != null && !current.agentId().equals(agentId)) {
				s.writer.moveKey(kv.getKey(), kv.getModRevision(), current.agentId(),
						bytes(s.keys.once(current.agentId(), request.executionId())), kv.getValue());
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
