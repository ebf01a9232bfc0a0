package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A job's overlap policy for fires due while its runs are going. */
class OverlapTest {

	// ahead of now: a run admitted now began before the instants of the fires after it
	private static final Instant T = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(3600);

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private RecordWriter records;

	private Overlap overlap;

	@BeforeEach
	void start() {
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		this.records.start();
		this.overlap = new Overlap(new RunRecords(this.records, new AgentMetrics(new SimpleMeterRegistry()), "a",
				Clock.systemUTC(), RunListener.NONE), Clock.systemUTC(), 2);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.records.close();
	}

	@Test
	void allowStartsEveryFire() {
		JobState job = job(OverlapPolicy.ALLOW);
		assertThat(admit(fire(job, 0))).isNotNull();
		assertThat(admit(fire(job, 1))).isNotNull();
		assertThat(job.running).hasSize(2);
	}

	@Test
	void skipRecordsAnOnTimeFireBehindAnOnTimeRunSkipped() {
		JobState job = job(OverlapPolicy.SKIP);
		assertThat(admit(fire(job, 0))).isNotNull();

		assertThat(admit(fire(job, 1))).isNull();

		assertThat(job.queuedCount()).isZero();
		awaitFinished(ExecutionStatus.SKIPPED);
	}

	@Test
	void queuedFiresRunOneAfterAnotherEachBecomingTheRunningOneAsThePreviousEnds() {
		JobState job = job(OverlapPolicy.QUEUE);
		Run first = admit(fire(job, 0));
		assertThat(admit(fire(job, 1))).isNull();

		Run second = this.overlap.ended(first);

		assertThat(second.fire.scheduledAt).isEqualTo(T.plusSeconds(1));
		assertThat(job.running).containsExactly(second);
		assertThat(this.overlap.ended(second)).isNull();
	}

	@Test
	void replaceHandsOverTheRunsGoingToBeCancelled() {
		JobState job = job(OverlapPolicy.REPLACE);
		Run old = admit(fire(job, 0));
		List<Run> replaced = new ArrayList<>();

		assertThat(this.overlap.admit(fire(job, 1), replaced)).isNotNull();

		assertThat(replaced).containsExactly(old);
	}

	@Test
	void waitingFiresAreBoundedAndOneMoreIsRecordedSkipped() {
		JobState job = job(OverlapPolicy.QUEUE);
		admit(fire(job, 0));
		admit(fire(job, 1));
		admit(fire(job, 2));

		admit(fire(job, 3));

		assertThat(job.queuedCount()).isEqualTo(2);
		awaitFinished(ExecutionStatus.SKIPPED);
	}

	@Test
	void droppingAQueueRecordsEachWaitingFireCancelledAndARemovedJobStartsNoneOfThem() {
		JobState job = job(OverlapPolicy.QUEUE);
		Run running = admit(fire(job, 0));
		admit(fire(job, 1));
		job.removed = true;

		this.overlap.dropQueue(job, Reason.of(ReasonCode.RUN_NOT_STARTED_JOB_LEFT_WHY));

		assertThat(this.overlap.ended(running)).isNull();
		awaitFinished(ExecutionStatus.CANCELLED);
	}

	private Run admit(Fire fire) {
		return this.overlap.admit(fire, new ArrayList<>());
	}

	private void awaitFinished(ExecutionStatus... statuses) {
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(this.store.finishedStatuses()).containsExactly(statuses));
	}

	private static Fire fire(JobState job, int second) {
		Instant at = T.plusSeconds(second);
		return Fire.scheduled(job, job.generation, at, at.toEpochMilli()).claimed(100 + second);
	}

	private static JobState job(OverlapPolicy policy) {
		JobSpec every = TestJobs.spec(1, "* * * * * ?", MisfirePolicy.SKIP);
		JobSpec spec = new JobSpec(every.id(), every.name(), every.description(), every.schedule(), every.timeZone(),
				every.target(), every.timeoutSeconds(), every.retry(), every.misfirePolicy(), policy,
				every.assignment(), every.enabled(), every.version(), every.alerts(), every.enabledAt());
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
	}

}
