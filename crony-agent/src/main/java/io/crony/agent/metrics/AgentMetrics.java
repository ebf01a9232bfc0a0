package io.crony.agent.metrics;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import io.crony.common.execution.ExecutionStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/** The agent's meters, named once here. */
public final class AgentMetrics {

	// a few fixed buckets rather than a percentile histogram: a run takes milliseconds to
	// hours, and each bucket is a series per status and agent
	private static final Duration[] DURATION_BUCKETS = { Duration.ofMillis(10), Duration.ofMillis(50),
			Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
			Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30),
			Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofHours(1) };

	private final MeterRegistry registry;

	private final Timer lateness;

	private final Counter retries;

	private final Counter timeouts;

	private final Counter fenced;

	private final Counter misfires;

	private final Map<ExecutionStatus, Counter> runs = new EnumMap<>(ExecutionStatus.class);

	// registered at a status's first run: the statuses a run ends with, not every one
	private final ConcurrentMap<ExecutionStatus, Timer> durations = new ConcurrentHashMap<>();

	public AgentMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.lateness = Timer.builder("crony.agent.trigger.lateness")
			.description("How late a scheduled run started after its scheduled instant")
			.publishPercentileHistogram()
			.minimumExpectedValue(Duration.ofMillis(1))
			.maximumExpectedValue(Duration.ofSeconds(10))
			.register(registry);
		this.retries = Counter.builder("crony.agent.retries")
			.description("Attempts after the first")
			.register(registry);
		this.timeouts = Counter.builder("crony.agent.timeouts")
			.description("Attempts that timed out")
			.register(registry);
		this.fenced = Counter.builder("crony.agent.fenced")
			.description(
					"Due runs held back because the lease was not confirmed (started late if it is confirmed again)")
			.register(registry);
		this.misfires = Counter.builder("crony.agent.misfires")
			.description("Scheduled fires not run because the engine reached them later than the misfire threshold "
					+ "(their jobs' misfire policy SKIP, or FIRE_NOW running only the latest)")
			.register(registry);
		// looked up once: a run's end is counted thousands of times a second
		for (ExecutionStatus status : ExecutionStatus.values()) {
			this.runs.put(status, Counter.builder("crony.agent.runs").tag("status", status.name()).register(registry));
		}
	}

	/** Registers the gauges that read the engine, the lease and the record writer. */
	public void bind(IntSupplier jobsHeld, BooleanSupplier leaseValid, IntSupplier recordBacklog) {
		Gauge.builder("crony.agent.jobs", jobsHeld::getAsInt).description("Jobs held").register(this.registry);
		Gauge.builder("crony.agent.records.backlog", recordBacklog::getAsInt)
			.description("Execution records waiting to be written")
			.register(this.registry);
		Gauge.builder("crony.agent.lease.valid", () -> leaseValid.getAsBoolean() ? 1 : 0)
			.description("1 while the lease is confirmed and the agent may fire")
			.register(this.registry);
	}

	/**
	 * Registers the spool's meters: its size, whether claims wait for it, records
	 * quarantined.
	 */
	public void bindSpool(LongSupplier bytes, BooleanSupplier full, LongSupplier quarantined) {
		Gauge.builder("crony.agent.spool.bytes", () -> bytes.getAsLong())
			.description("Bytes on disk of execution records spooled while the database is unreachable")
			.baseUnit("bytes")
			.register(this.registry);
		Gauge.builder("crony.agent.spool.full", () -> full.getAsBoolean() ? 1 : 0)
			.description("1 while the spool is at crony.agent.spool-max-size and no fire is claimed")
			.register(this.registry);
		FunctionCounter.builder("crony.agent.spool.quarantined", quarantined, (count) -> count.getAsLong())
			.description("Spooled records the database refused for good, kept in the quarantine file")
			.register(this.registry);
	}

	public void lateness(Duration late) {
		this.lateness.record(late.isNegative() ? Duration.ZERO : late);
	}

	public void run(ExecutionStatus status) {
		this.runs.get(status).increment();
	}

	/**
	 * A run that ran (not a skipped or missed fire) took this long, from its start to its
	 * outcome, every attempt and wait between them included. Recorded with the run's span
	 * current, so a sampled run's trace id is the exemplar Prometheus keeps.
	 */
	public void runDuration(ExecutionStatus status, Duration took) {
		this.durations.computeIfAbsent(status, this::durationTimer).record(took);
	}

	private Timer durationTimer(ExecutionStatus status) {
		return Timer.builder("crony.agent.run.duration")
			.description("How long a run took from its start to its outcome, all attempts included; "
					+ "a sampled run's trace id is the exemplar")
			.tag("status", status.name())
			.serviceLevelObjectives(DURATION_BUCKETS)
			.register(this.registry);
	}

	public void timeout() {
		this.timeouts.increment();
	}

	public void retry() {
		this.retries.increment();
	}

	public void fenced() {
		this.fenced.increment();
	}

	public void misfires(int fires) {
		this.misfires.increment(fires);
	}

}
