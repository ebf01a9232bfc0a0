package io.crony.web.cluster.leader;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.EtcdBytes;
import io.crony.web.cluster.assignment.Placement;
import io.etcd.jetcd.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Reads assignment keys (and pending once requests) from etcd itself, page by page at one
 * revision. What a failover, drain or rebalance moves must be what etcd holds, not what
 * the leader remembers: an earlier term may have died halfway.
 */
final class StoredAssignments {

	private static final Logger log = LoggerFactory.getLogger(StoredAssignments.class);

	private final KeyScanner scanner;

	private final CronyKeys keys;

	StoredAssignments(KeyScanner scanner, CronyKeys keys) {
		this.scanner = scanner;
		this.keys = keys;
	}

	/**
	 * Hands every assignment key under every agent to the sink.
	 * @return the revision read at
	 */
	long everywhere(Consumer<Stored> sink) throws InterruptedException {
		return this.scanner.scan(this.keys.nodes(), 0, (kv) -> parse(kv, sink));
	}

	/** The assignment keys under one agent. */
	List<Stored> on(String agentId) throws InterruptedException {
		List<Stored> stored = new ArrayList<>();
		this.scanner.scan(this.keys.jobs(agentId), 0, (kv) -> parse(kv, stored::add));
		return stored;
	}

	/** The once requests waiting under one agent. */
	List<KeyValue> oncesOn(String agentId) throws InterruptedException {
		List<KeyValue> onces = new ArrayList<>();
		this.scanner.scan(this.keys.onces(agentId), 0, onces::add);
		return onces;
	}

	private void parse(KeyValue kv, Consumer<Stored> sink) {
		if (this.keys.parseNodeKey(string(kv.getKey())).orElse(null) instanceof NodeKey.Assignment assignment) {
			sink.accept(Stored.read(assignment.jobId(), assignment.agentId(), kv));
		}
	}

	/**
	 * One assignment key as etcd holds it, its value parsed once: a failover or drain
	 * reads each key's version and then re-issues its spec, and the leader's thread, on a
	 * machine busy with the survivor's catch-up runs, spends the move mostly in JSON.
	 *
	 * @param jobId the job
	 * @param agentId the agent it is under
	 * @param kv the key and value
	 * @param readSpec the spec the value carries, null when the value is unreadable
	 */
	record Stored(long jobId, String agentId, KeyValue kv, JobSpec readSpec) {

		static Stored read(long jobId, String agentId, KeyValue kv) {
			JobSpec spec;
			try {
				spec = CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job();
			}
			catch (RuntimeException ex) {
				log.warn("Assignment key {} is unreadable: {}", EtcdBytes.string(kv.getKey()), ex.getMessage());
				spec = null;
			}
			return new Stored(jobId, agentId, kv, spec);
		}

		/** The key as a placement; version -1 when its value is unreadable. */
		Placement placement() {
			return new Placement(this.jobId, this.agentId, this.kv.getModRevision(),
					(this.readSpec != null) ? this.readSpec.version() : -1);
		}

		/** The spec the key carries, to be re-issued unchanged by a move. */
		JobSpec spec() {
			if (this.readSpec == null) {
				throw new IllegalStateException(
						"Assignment key " + EtcdBytes.string(this.kv.getKey()) + " is unreadable");
			}
			return this.readSpec;
		}

	}

}
