package io.crony.agent.execution;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.crony.agent.support.DaemonThreads;
import io.crony.common.job.SpoolState;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the web leader about this agent's spool through etcd
 * ({@code {prefix}/spool/{agentId}}, a {@link SpoolState} under the agent's lease), since
 * while the agent spools the database that holds its alert channels is away for it. Looks
 * once a second and writes only when something changed: put when the spool begins to hold
 * records, when it becomes full or has room again, when the lease changed (the key went
 * with the old one), and at most every {@link #SIZE_EVERY} while only its size changes;
 * deleted once it is empty. Nothing is written while the agent does not spool. A failed
 * write (etcd away too) is tried again at the next look.
 */
public final class SpoolPublisher implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SpoolPublisher.class);

	/** How often a spool whose only change is its size is put again. */
	static final Duration SIZE_EVERY = Duration.ofSeconds(10);

	private final Client etcd;

	private final ByteSequence key;

	private final RecordWriter records;

	private final LongSupplier leaseId;

	private final Clock clock;

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-spool-state");

	// the publisher thread's own
	private Published published;

	private Instant since;

	private boolean failing;

	/**
	 * @param key the agent's spool key ({@code CronyKeys.spool})
	 * @param leaseId the agent's lease, 0 before it holds one
	 */
	public SpoolPublisher(Client etcd, String key, RecordWriter records, LongSupplier leaseId, Clock clock) {
		this.etcd = etcd;
		this.key = ByteSequence.from(key, StandardCharsets.UTF_8);
		this.records = records;
		this.leaseId = leaseId;
		this.clock = clock;
	}

	public void start() {
		this.thread.scheduleWithFixedDelay(this::look, 0, 1, TimeUnit.SECONDS);
	}

	/** One look: writes the key if the spool's state changed. */
	void look() {
		try {
			publish();
			if (this.failing) {
				logger.info("Spool state written to etcd again");
				this.failing = false;
			}
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
				return;
			}
			if (!this.failing) {
				// etcd away as well: the gauge crony_agent_spool_full still says it
				logger.warn("Cannot write the spool state to etcd, trying again every second: {}", ex.toString());
				this.failing = true;
			}
		}
	}

	private void publish() throws Exception {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		if (!this.records.isSpooling()) {
			this.since = null;
			if (this.published != null) {
				this.etcd.getKVClient().delete(this.key).get(5, TimeUnit.SECONDS);
				this.published = null;
			}
			return;
		}
		if (this.since == null) {
			this.since = now;
		}
		long lease = this.leaseId.getAsLong();
		if (lease == 0) {
			return;
		}
		SpoolState state = new SpoolState(this.records.spoolBytes(), this.records.spoolMaxBytes(),
				this.records.spoolFull(), this.since, now);
		if (!due(state, lease, now)) {
			return;
		}
		this.etcd.getKVClient()
			.put(this.key, ByteSequence.from(CronyJson.toBytes(state)), PutOption.builder().withLeaseId(lease).build())
			.get(5, TimeUnit.SECONDS);
		this.published = new Published(state, lease);
	}

	private boolean due(SpoolState state, long lease, Instant now) {
		Published last = this.published;
		if (last == null || last.lease != lease || last.state.full() != state.full()) {
			return true;
		}
		return last.state.bytes() != state.bytes() && !now.isBefore(last.state.at().plus(SIZE_EVERY));
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
	}

	private record Published(SpoolState state, long lease) {

	}

}
