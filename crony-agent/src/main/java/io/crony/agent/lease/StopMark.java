package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mark an agent leaves in etcd when it stops gracefully ({@link CronyKeys#stopMark}):
 * the instant of its stop, after which it fires nothing, left only once every fire it ran
 * is recorded in the database. A job's next holder that finds it takes the job as handed
 * over, as from an agent still registered, and its missed instants go by the misfire
 * policy; without it an agent gone from etcd may have been cut off and fired from its
 * spool, so the instants it may have run are recorded MISSED under it instead
 * ({@code FormerHolderFires}). The agent deletes the mark when it registers again
 * ({@link LeaseKeeper}), in the same transaction as its node key: from then on it may
 * fire again, and the mark no longer speaks for it.
 */
public final class StopMark {

	private static final Logger logger = LoggerFactory.getLogger(StopMark.class);

	/**
	 * How long a mark of an agent that does not come back is kept (its own lease): its
	 * jobs may wait for a new holder that long (no other agent alive) and still go by
	 * their misfire policies; after it, the key of an agent id gone for good goes too.
	 */
	static final Duration KEPT = Duration.ofDays(7);

	private static final long TIMEOUT_SECONDS = 2;

	private final Client etcd;

	private final CronyKeys keys;

	private final String agentId;

	public StopMark(Client etcd, CronyKeys keys, String agentId) {
		this.etcd = etcd;
		this.keys = keys;
		this.agentId = agentId;
	}

	/**
	 * Leaves the mark, under a lease of its own: the agent's lease is revoked right
	 * after.
	 * @param stoppedAt the instant after which this agent fires nothing
	 * @return whether etcd took it
	 */
	public boolean leave(Instant stoppedAt) {
		try {
			long lease = this.etcd.getLeaseClient()
				.grant(KEPT.toSeconds())
				.get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
				.getID();
			this.etcd.getKVClient()
				.put(bytes(this.keys.stopMark(this.agentId)), bytes(stoppedAt.toString()),
						PutOption.builder().withLeaseId(lease).build())
				.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
			logger.info("Agent {} left its stop mark ({}): every fire it ran is recorded", this.agentId, stoppedAt);
			return true;
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.warn("Agent {} could not leave its stop mark ({}): the next holders of its jobs take it as cut off",
					this.agentId, ex.toString());
			return false;
		}
	}

	/** The instant a mark holds, or null when it does not read as one. */
	static Instant read(ByteSequence value) {
		try {
			return Instant.parse(value.toString(StandardCharsets.UTF_8));
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
