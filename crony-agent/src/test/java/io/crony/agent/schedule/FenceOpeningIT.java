package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.LastFire;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.lease.Fence;
import io.crony.agent.lease.LeaseKeeper;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.support.AgentIdentity;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AgentInfo;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.TargetType;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent's start as {@code AgentRuntime} orders it, against a real etcd and with the
 * default lease: the engine first, then the {@link LeaseKeeper}, whose grant has the
 * assignment loaded before the fence opens. The engine gets its jobs at the start of that
 * load, so a fire of theirs can come due before the load ends: here the catch-up fire of
 * a FIRE_NOW job this agent held before its restart, claimed and due at once, while the
 * rest of the load (once requests, watches) is still running.
 */
class FenceOpeningIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final String AGENT = "agent-1";

	@TempDir
	Path spoolDir;

	private final Client etcd = Client.builder().endpoints(services.etcdEndpoint()).build();

	private final ScriptedStore store = new ScriptedStore();

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(2));

	private final List<Invocation> calls = new CopyOnWriteArrayList<>();

	private final ExecutorService workers = Executors.newFixedThreadPool(2);

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private RecordWriter records;

	private FiringEngine engine;

	private LeaseKeeper lease;

	@BeforeEach
	void build() {
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		Target target = new Target() {
			@Override
			public TargetType type() {
				return TargetType.HTTP;
			}

			@Override
			public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
				FenceOpeningIT.this.calls.add(invocation);
				return CompletableFuture.completedFuture(new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null));
			}
		};
		this.engine = FiringEngine
			.create(new EngineParts(AGENT, new ScheduleParser(), this.store, this.records, new Targets(List.of(target)),
					this.fence, new AgentMetrics(this.meters), this.workers, this.timer, Clock.systemUTC(),
					Duration.ofMillis(1500), 10, 10, Duration.ofSeconds(5), RunListener.NONE, (agentId) -> false));
		AgentIdentity identity = new AgentIdentity(AGENT,
				new AgentInfo(AGENT, "127.0.0.1", 8081, 100, Map.of(), "test", Instant.now()));
		this.lease = new LeaseKeeper(this.etcd, new CronyKeys(services.keyPrefix()), identity, this.fence.ttl(),
				this.fence);
	}

	@AfterEach
	void close() throws InterruptedException {
		this.lease.close();
		this.engine.close();
		this.records.close();
		this.workers.shutdownNow();
		this.timer.shutdownNow();
		this.etcd.close();
	}

	@Test
	void aCatchUpFireDueBeforeTheFenceFirstOpensStartsOnceItOpens() {
		// once a year: this year's instant was missed while the agent was down, the one
		// before ran here
		JobSpec spec = TestJobs.spec(1, "0 0 0 1 1 ?", MisfirePolicy.FIRE_NOW);
		Instant missed = LocalDate.now(ZoneOffset.UTC).withDayOfYear(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		this.store.lastFires.put(1L, new LastFire(missed.atZone(ZoneOffset.UTC).minusYears(1).toInstant(), AGENT));
		this.store.rows.put(new FireKey(1, missed), new ExecutionStore.Row(7, AGENT, ExecutionStatus.PENDING));
		this.records.start();
		this.engine.start();
		this.lease.addListener((leaseId) -> {
			// the assignment watcher's reload: the engine holds the jobs at once, and the
			// reload goes on until the catch-up fire has reached dispatch
			this.engine.holdExactly(List.of(spec));
			await().atMost(WAIT).until(() -> this.meters.get("crony.agent.fenced").counter().count() > 0);
		});

		this.lease.start();

		await().atMost(WAIT).until(() -> !this.calls.isEmpty() || !this.store.releasedIds.isEmpty());
		assertThat(this.store.releasedIds).as("released as if the lease were lost").isEmpty();
		assertThat(this.calls).singleElement().satisfies((call) -> {
			assertThat(call.executionId()).isEqualTo(7);
			assertThat(call.scheduledAt()).isEqualTo(missed);
		});
	}

}
