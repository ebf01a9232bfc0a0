package io.crony.agent;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.assignment.AssignmentWatcher;
import io.crony.agent.async.AsyncProperties;
import io.crony.agent.async.AsyncRuns;
import io.crony.agent.async.AsyncStore;
import io.crony.agent.async.DeadAgentTakeover;
import io.crony.agent.async.ExecutionTokenSource;
import io.crony.agent.async.MovedAttempts;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.execution.SpoolPublisher;
import io.crony.agent.lease.AgentStandings;
import io.crony.agent.lease.Handovers;
import io.crony.agent.lease.Fence;
import io.crony.agent.lease.LeaderLeaseTtl;
import io.crony.agent.lease.LeaseKeeper;
import io.crony.agent.lease.StopMark;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.schedule.EngineParts;
import io.crony.agent.schedule.FiringEngine;
import io.crony.agent.schedule.RunListener;
import io.crony.agent.schedule.ScheduleParser;
import io.crony.agent.support.AgentIdentity;
import io.crony.agent.shard.ShardStore;
import io.crony.agent.shard.ShardedCalls;
import io.crony.agent.support.DaemonThreads;
import io.crony.agent.support.WorkerPool;
import io.crony.agent.target.HttpTarget;
import io.crony.agent.target.LiveOutputs;
import io.crony.agent.target.ShellTarget;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;
import io.crony.agent.tracing.SpanRecorder;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.MeterRegistry;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Assembles the agent's moving parts and starts them in order (records, engine, lease,
 * which loads the assignment) once the context is up and the schema exists; stops them in
 * reverse.
 */
@Component
class AgentRuntime implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(AgentRuntime.class);

	// how long a stopping agent waits for its records to reach the database before it
	// leaves its stop mark (they are written every 50 ms by default)
	private static final Duration RECORDS_WRITTEN_WAIT = Duration.ofSeconds(2);

	private final Fence fence;

	private final RecordWriter records;

	private final FiringEngine engine;

	private final LeaseKeeper lease;

	private final StopMark stopMark;

	private final Clock clock;

	private final LeaderLeaseTtl leaderLeaseTtl;

	private final SpoolPublisher spoolState;

	private final AssignmentWatcher watcher;

	private final WorkerPool workers;

	private final ScheduledExecutorService timer;

	private final JdbcTemplate jdbc;

	private final ExecutionTokenSource tokens;

	private final AsyncRuns async;

	private final DeadAgentTakeover takeover;

	private final HttpTarget http;

	private final LiveOutputs liveOutputs;

	private final SchemaWait schema;

	private final RunsInFlight runsInFlight;

	// null without an OpenTelemetry SDK
	private final SpanRecorder spans;

	private volatile boolean running;

	// guarded by this: the parts may start on the schema wait's thread, never after stop
	private boolean stopped;

	AgentRuntime(AgentProperties properties, AsyncProperties asyncProperties, AgentIdentity identity, Client etcd,
			CronyKeys keys, JdbcTemplate jdbc, MeterRegistry registry, Clock clock, ObjectProvider<Target> moreTargets,
			ObjectProvider<Targets.ServiceResolver> services, RunListener runs, TargetPolicy targetPolicy,
			SecretBox secrets, ObjectProvider<OpenTelemetry> telemetry, ObjectProvider<Sampler> samplers) {
		this.jdbc = jdbc;
		this.schema = new SchemaWait(jdbc, Duration.ofSeconds(1), Duration.ofSeconds(10));
		this.fence = new Fence(properties.leaseTtl(), properties.fencingMargin());
		ExecutionStore store = new ExecutionStore(jdbc);
		this.records = new RecordWriter(store, new Spool(properties.spoolDir(), properties.spoolMaxSize().toBytes()),
				properties.recordFlushInterval(), properties.recordStartHold(), properties.recordBacklogLimit(),
				RecordWriter.answers(jdbc));
		this.workers = new WorkerPool(properties.workerThreads(), "crony-worker-");
		this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("crony-timer-"));
		AgentMetrics metrics = new AgentMetrics(registry);
		// Spring Boot's OpenTelemetry SDK (sampling, propagation, OTLP export as
		// configured); the spans that record are made on the recorder's thread
		OpenTelemetry sdk = telemetry.getIfAvailable();
		this.spans = (sdk != null) ? new SpanRecorder(sdk, registry) : null;
		RunTracing tracing = (sdk != null)
				? new RunTracing(sdk, samplers.getIfAvailable(Sampler::alwaysOff), this.spans) : RunTracing.off();
		this.tokens = new ExecutionTokenSource(etcd, keys);
		this.leaderLeaseTtl = new LeaderLeaseTtl(etcd, keys);
		// filled from the assignment values, read by the engine as moved jobs arrive
		Handovers handovers = new Handovers();
		Targets.ServiceResolver resolver = services.getIfAvailable();
		AsyncStore asyncStore = new AsyncStore(jdbc);
		this.async = new AsyncRuns(asyncStore, identity.id(), asyncProperties,
				(placement) -> resolver == null || resolver.listed(placement.service(), placement.address()), clock);
		this.liveOutputs = new LiveOutputs(properties.liveOutputInterval(),
				(executionId, output) -> store.writeRunningOutput(executionId, identity.id(), output));
		this.http = new HttpTarget(properties.http(), properties.outputLimit(), identity.id(), targetPolicy, secrets);
		List<Target> all = new ArrayList<>(
				List.of(this.http, new ShellTarget(properties.shell(), properties.outputLimit(), this.liveOutputs)));
		moreTargets.orderedStream().forEach(all::add);
		Targets targets = new Targets(all, this.tokens, this.async, resolver, clock, targetPolicy,
				(calls) -> new ShardedCalls(calls, new ShardStore(jdbc), this.timer, this.workers, clock, tracing),
				store::upstreamOutputs);
		this.engine = FiringEngine
			.create(new EngineParts(identity.id(), new ScheduleParser(), store, this.records, targets, this.fence,
					metrics, this.workers, this.timer, clock, properties.claimAhead(), properties.catchUpLimit(),
					properties.queueLimit(), properties.misfireThreshold(), runs, new AgentStandings(etcd, keys, clock),
					this.leaderLeaseTtl, handovers, tracing, properties.recordsWrittenOnce()));
		this.runsInFlight = new RunsInFlight(this.engine, this.workers, this.async::tracks, properties.shutdownGrace());
		this.takeover = new DeadAgentTakeover(asyncStore, new MovedAttempts(jdbc), identity.id(), asyncProperties,
				this.engine, this.async::tracks, clock);
		metrics.bind(this.engine::jobCount, this.fence::mayFire, this.records::backlog);
		metrics.bindSpool(this.records::spoolBytes, this.records::spoolFull, this.records::quarantined);
		this.lease = new LeaseKeeper(etcd, keys, identity, properties.leaseTtl(), this.fence);
		this.stopMark = new StopMark(etcd, keys, identity.id());
		this.clock = clock;
		this.spoolState = new SpoolPublisher(etcd, keys.spool(identity.id()), this.records, this.lease::leaseId, clock);
		this.watcher = new AssignmentWatcher(etcd, keys, identity.id(), this.engine, handovers,
				properties.etcdPageSize());
		this.lease.addListener(this.watcher);
		this.lease.addListener(new LeaseKeeper.LeaseListener() {
			@Override
			public void leaseGranted(long leaseId) {
			}

			@Override
			public void leaseLost() {
				// the fence is closed: claims waiting for their instant go to the next
				// holder
				AgentRuntime.this.engine.fenced();
			}
		});
	}

	@Override
	public void start() {
		this.running = true;
		this.schema.then(this::startParts);
	}

	// the lease last: only then does the agent take jobs
	private synchronized void startParts() {
		if (this.stopped) {
			return;
		}
		warmUpDatabase();
		// read before the lease brings the first jobs, so a move finds it known
		this.leaderLeaseTtl.start(this.timer);
		this.tokens.start();
		this.records.start();
		this.engine.start();
		this.async.start();
		this.takeover.start();
		this.lease.start();
		this.spoolState.start();
	}

	/**
	 * Stops gracefully (SIGTERM). Spring calls this synchronously while the context
	 * closes, so {@code spring.lifecycle.timeout-per-shutdown-phase} does not cut it
	 * short; {@code crony.agent.shutdown-grace} (30 s) bounds the wait for the runs in
	 * flight, which leaves the rest of the chart's 60 s for the closing steps.
	 */
	@Override
	public void stop() {
		long began = System.nanoTime();
		this.running = false;
		this.schema.close();
		synchronized (this) {
			this.stopped = true;
		}
		// the jobs first, while the lease stands: the fires claimed ahead and not started
		// are released, so the job's next holder runs them (a rolling upgrade loses none)
		this.engine.handBack();
		// still under the lease: the jobs' next holders then take what they missed as
		// handed over, not as what this agent may have run from its spool
		leaveStopMark();
		this.spoolState.close();
		// then the lease: it closes the fence, and stops its thread, which may be
		// reloading the assignment under the watcher's lock; revoking it moves the jobs
		this.lease.close();
		this.watcher.close();
		// no fire is dispatched from here on, and no run taken over
		this.engine.close();
		this.takeover.close();
		// the runs already started end and are recorded (or are recorded FAILED at the
		// grace's end) while everything they use still works: the timer and workers of
		// their retries and shards, the tokens, live output, the HTTP client, the records
		this.runsInFlight.awaitEnd(began);
		this.async.close();
		this.liveOutputs.close();
		this.tokens.close();
		this.leaderLeaseTtl.close();
		this.timer.shutdownNow();
		this.workers.shutdown();
		try {
			this.workers.awaitTermination(5, TimeUnit.SECONDS);
			// nothing in flight any more: closing at once cuts no run short
			this.http.close();
			this.records.close();
			// after the calls: the spans they ended are made before the SDK shuts down
			if (this.spans != null) {
				this.spans.close();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Leaves the stop mark when every fire this agent ran is recorded in the database:
	 * the jobs are handed back, so it starts no fire after now, and every record written
	 * so far (the claims made into the spool among them) is in the database. A stop while
	 * records are spooled or not written in time leaves none: its jobs' next holders take
	 * it as possibly cut off ({@code FormerHolderFires}).
	 */
	private void leaveStopMark() {
		// never registered: it held no job
		if (this.lease.leaseId() == 0) {
			return;
		}
		try {
			if (this.records.awaitWritten(RECORDS_WRITTEN_WAIT)) {
				this.stopMark.leave(this.clock.instant());
			}
			else {
				logger.warn("Agent stops without its stop mark: not every record of its fires is in the database"
						+ " (spooled, or not written within {} s); the next holders of its jobs record the instants it"
						+ " may have run MISSED under it", RECORDS_WRITTEN_WAIT.toSeconds());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	// opens the pool now, so the first claims do not pay for it; a database that is down
	// is fine
	private void warmUpDatabase() {
		try {
			this.jdbc.queryForObject("SELECT 1", Integer.class);
		}
		catch (DataAccessException ex) {
			logger.warn("Agent starts without its database ({}); records are spooled until it is back",
					ex.getMessage());
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	FiringEngine engine() {
		return this.engine;
	}

	Fence fence() {
		return this.fence;
	}

}
