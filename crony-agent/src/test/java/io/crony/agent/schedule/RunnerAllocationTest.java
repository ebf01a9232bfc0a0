package io.crony.agent.schedule;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.management.ThreadMXBean;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.support.WorkerPool;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the runner and the worker pool allocate per fire, each on its own thread: the
 * runner admitting a fire, running its one attempt against a target that answers at once
 * and recording it (its records only queued: the writer does not run), and the pool
 * taking a task handed to it, as the dispatch stage hands each fire to a worker. Each is
 * counted over rounds of {@value #FIRES}, after rounds that compile it, and the least
 * round is printed (other threads of the machine make a round allocate more, never less).
 * Printed, not asserted (docs/benchmarks.md has the figures); what is asserted is that
 * every fire was recorded SUCCEEDED.
 */
class RunnerAllocationTest {

	private static final int FIRES = 10_000;

	private static final int ROUNDS = 3;

	// rounds not counted, in which it is compiled
	private static final int WARM_UP = 2;

	private static final AttemptResult DONE = new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null);

	private static final CompletableFuture<AttemptResult> ANSWER = CompletableFuture.completedFuture(DONE);

	private static final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();

	@TempDir
	Path spoolDir;

	@Test
	void printsWhatTheRunnerAllocatesPerFire() {
		ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
		try {
			Targets answering = RunnerFixture.httpTarget((invocation) -> ANSWER);
			AgentMetrics metrics = new AgentMetrics(new SimpleMeterRegistry());
			AtomicLong succeeded = new AtomicLong();
			RunListener counting = (run) -> {
				if (run.status() == ExecutionStatus.SUCCEEDED) {
					succeeded.incrementAndGet();
				}
			};
			long least = Long.MAX_VALUE;
			for (int round = 0; round < WARM_UP + ROUNDS; round++) {
				Runner runner = new Runner(answering, runRecords(metrics, counting), metrics, timer, Runnable::run,
						Clock.systemUTC(), 10);
				Fire[] fires = fires(FIRES);
				long before = threads.getCurrentThreadAllocatedBytes();
				for (Fire fire : fires) {
					runner.dispatch(fire);
				}
				long bytes = threads.getCurrentThreadAllocatedBytes() - before;
				if (round >= WARM_UP) {
					least = Math.min(least, bytes);
				}
			}
			System.out.printf("Runner: %d bytes per fire (admitted, one attempt answered at once, recorded), the least"
					+ " of %d rounds of %,d fires%n", least / FIRES, ROUNDS, FIRES);
			assertThat(succeeded).hasValue((long) (WARM_UP + ROUNDS) * FIRES);
		}
		finally {
			timer.shutdownNow();
		}
	}

	@Test
	void printsWhatTheWorkerPoolAllocatesPerTaskHandedOver() throws Exception {
		WorkerPool workers = new WorkerPool(1, "crony-alloc-");
		try {
			AtomicLong ran = new AtomicLong();
			// one task handed over again and again: what is counted is the pool's part
			Runnable task = ran::incrementAndGet;
			long least = Long.MAX_VALUE;
			for (int round = 0; round < WARM_UP + ROUNDS; round++) {
				long before = threads.getCurrentThreadAllocatedBytes();
				for (int i = 0; i < FIRES; i++) {
					workers.execute(task);
				}
				long bytes = threads.getCurrentThreadAllocatedBytes() - before;
				if (round >= WARM_UP) {
					least = Math.min(least, bytes);
				}
				// the one worker takes its tasks in order: once this one ran, all have
				workers.submit(() -> {
				}).get();
			}
			System.out.printf("WorkerPool: %d bytes per task handed over, the least of %d rounds of %,d tasks%n",
					least / FIRES, ROUNDS, FIRES);
			assertThat(ran).hasValue((long) (WARM_UP + ROUNDS) * FIRES);
		}
		finally {
			workers.shutdownNow();
		}
	}

	private RunRecords runRecords(AgentMetrics metrics, RunListener listener) {
		// never started: the records stay queued, written by no thread of the count's
		RecordWriter writer = new RecordWriter(new ScriptedStore(), new Spool(this.spoolDir), Duration.ofMillis(20),
				1000);
		return new RunRecords(writer, metrics, "a", Clock.systemUTC(), listener);
	}

	// fires of one job, each with an execution row of its own, made before the count
	private static Fire[] fires(int count) {
		JobState job = RunnerFixture.job(1);
		Instant at = Instant.parse("2026-11-27T00:00:00Z");
		long now = System.currentTimeMillis();
		Fire[] fires = new Fire[count];
		for (int i = 0; i < count; i++) {
			fires[i] = Fire.resumed(job, 1 + i, at.plusSeconds(i), TriggerType.CRON, null, 1, 0, now);
		}
		return fires;
	}

}
