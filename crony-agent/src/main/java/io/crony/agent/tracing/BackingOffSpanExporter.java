package io.crony.agent.tracing;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * A span exporter that stops trying a collector it cannot reach. After a failed export,
 * the batches that follow are dropped without being handed to the exporter it wraps (no
 * protobuf encoding, no connection attempt) until a back-off has passed, 1 s doubling to
 * 30 s; then the next batch is sent as a probe, and the first one that succeeds ends the
 * outage. Spans dropped are counted in {@code crony.agent.tracing.spans.dropped}, tagged
 * {@code reason}: {@value #EXPORT_FAILED} for a batch whose export failed,
 * {@value #COLLECTOR_UNREACHABLE} for one dropped unsent during the back-off. The outage
 * is logged when it starts and when it ends, not per batch.
 *
 * <p>
 * The batch span processor calls {@link #export} from its one thread, but an export's
 * result completes on the sender's: the state is guarded by this object's lock.
 */
public final class BackingOffSpanExporter implements SpanExporter {

	static final String DROPPED = "crony.agent.tracing.spans.dropped";

	static final String EXPORT_FAILED = "export-failed";

	static final String COLLECTOR_UNREACHABLE = "collector-unreachable";

	private static final Logger log = LoggerFactory.getLogger(BackingOffSpanExporter.class);

	private final SpanExporter delegate;

	private final Clock clock;

	private final BackOff backOff;

	private final Counter failed;

	private final Counter unsent;

	// null while the collector is reachable
	private BackOffExecution outage;

	private long retryAtMillis;

	private long droppedInOutage;

	public BackingOffSpanExporter(SpanExporter delegate, MeterRegistry registry, Clock clock) {
		this(delegate, registry, clock, defaultBackOff());
	}

	BackingOffSpanExporter(SpanExporter delegate, MeterRegistry registry, Clock clock, BackOff backOff) {
		this.delegate = delegate;
		this.clock = clock;
		this.backOff = backOff;
		this.failed = dropped(registry, EXPORT_FAILED);
		this.unsent = dropped(registry, COLLECTOR_UNREACHABLE);
	}

	/** 1 s, doubling, at most 30 s between tries, for as long as the outage lasts. */
	static BackOff defaultBackOff() {
		ExponentialBackOff backOff = new ExponentialBackOff(1_000, 2.0);
		backOff.setMaxInterval(30_000);
		return backOff;
	}

	/** The counter of spans dropped for a reason (the recorder's full queue too). */
	static Counter dropped(MeterRegistry registry, String reason) {
		return Counter.builder(DROPPED)
			.description("Spans dropped before they reached the trace collector")
			.tag("reason", reason)
			.register(registry);
	}

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		if (backingOff()) {
			dropUnsent(spans.size());
			return CompletableResultCode.ofFailure();
		}
		CompletableResultCode sent = this.delegate.export(spans);
		int size = spans.size();
		// Completed only once the outcome is booked: a caller that waits on it (the batch
		// processor before its next batch) then sees the back-off it started.
		CompletableResultCode result = new CompletableResultCode();
		sent.whenComplete(() -> {
			if (sent.isSuccess()) {
				succeeded();
				result.succeed();
			}
			else {
				failed(size);
				result.fail();
			}
		});
		return result;
	}

	private synchronized boolean backingOff() {
		return this.outage != null && this.clock.millis() < this.retryAtMillis;
	}

	private synchronized void dropUnsent(int spans) {
		this.unsent.increment(spans);
		this.droppedInOutage += spans;
	}

	private synchronized void failed(int spans) {
		this.failed.increment(spans);
		this.droppedInOutage += spans;
		boolean starts = this.outage == null;
		if (starts) {
			this.outage = this.backOff.start();
		}
		long wait = this.outage.nextBackOff();
		if (wait == BackOffExecution.STOP) {
			// a back-off with a limit ran out: keep trying at its longest interval
			wait = 30_000;
		}
		this.retryAtMillis = this.clock.millis() + wait;
		if (starts) {
			log.warn("Trace collector unreachable: spans are dropped without being sent, the next try in {}"
					+ " (then less and less often, up to every 30 s); crony.agent.tracing.spans.dropped counts them",
					Duration.ofMillis(wait));
		}
	}

	private synchronized void succeeded() {
		if (this.outage != null) {
			log.info("Trace collector reachable again: spans are exported; {} were dropped while it was not",
					this.droppedInOutage);
			this.outage = null;
			this.droppedInOutage = 0;
		}
	}

	@Override
	public CompletableResultCode flush() {
		return this.delegate.flush();
	}

	@Override
	public CompletableResultCode shutdown() {
		return this.delegate.shutdown();
	}

	@Override
	public String toString() {
		return "BackingOffSpanExporter{" + this.delegate + "}";
	}

}
