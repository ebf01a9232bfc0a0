package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim that loses a lock conflict (a deadlock against another agent claiming the same
 * fires during a move) is not an unreachable database: claiming locally then would run
 * the fires on both agents. While the lease is unconfirmed a claim is held-only.
 */
class ClaimerTest {

	private static final Instant AT = Instant.parse("2026-05-01T10:00:05Z");

	@TempDir
	Path spoolDir;

	@Test
	void aClaimThatLosesALockConflictIsClaimedAgainInTheDatabase() {
		LockingStore store = new LockingStore(1);
		RecordWriter records = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(50), 1000);
		Fire fire = fire();

		List<Fire> won = new Claimer(store, records, "a", Clock.systemUTC(), () -> true, windows(store))
			.claim(List.of(fire), new ArrayList<>());

		assertThat(won).singleElement().satisfies((claimed) -> {
			assertThat(claimed.key()).isEqualTo(fire.key());
			assertThat(claimed.executionId).isEqualTo(7);
			assertThat(claimed.kind).isEqualTo(FireKind.SCHEDULED);
		});
		assertThat(store.inserts).isEqualTo(2);
		assertThat(records.isSpooling()).isFalse();
	}

	@Test
	void firesWhoseClaimKeepsLosingLockConflictsAreNotClaimedAnywhere() {
		LockingStore store = new LockingStore(3);
		RecordWriter records = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(50), 1000);

		List<Fire> won = new Claimer(store, records, "a", Clock.systemUTC(), () -> true, windows(store))
			.claim(List.of(fire()), new ArrayList<>());

		assertThat(won).isEmpty();
		assertThat(store.inserts).isEqualTo(3);
		assertThat(records.isSpooling()).isFalse();
	}

	@Test
	void whileTheLeaseIsUnconfirmedAClaimIsMadeOnlyForJobsTheDatabasePlacesHere() {
		LockingStore store = new LockingStore(0);
		RecordWriter records = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(50), 1000);
		AtomicBoolean confirmed = new AtomicBoolean(true);
		Claimer claimer = new Claimer(store, records, "a", Clock.systemUTC(), confirmed::get, windows(store));

		claimer.claim(List.of(fire()), new ArrayList<>());
		confirmed.set(false);
		claimer.claim(List.of(fire()), new ArrayList<>());
		confirmed.set(true);
		claimer.claim(List.of(fire()), new ArrayList<>());

		assertThat(store.heldOnly).containsExactly(false, true, false);
	}

	private static Windows windows(ExecutionStore store) {
		return new Windows(store, "a", Clock.systemUTC(), Duration.ofSeconds(11), () -> true);
	}

	private static Fire fire() {
		JobSpec spec = new JobSpec(1, "j", null, "* * * * * ?", "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
		JobState job = new JobState(spec,
				new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), spec.calendar()));
		return Fire.scheduled(job, 0, AT, AT.toEpochMilli());
	}

	/** Loses the first claim inserts to a deadlock; then every claimed row is "a"'s. */
	private static final class LockingStore extends ExecutionStore {

		private int conflicts;

		private int inserts;

		// each insert's heldOnly
		private final List<Boolean> heldOnly = new ArrayList<>();

		private final WindowTable windows = new WindowTable();

		LockingStore(int conflicts) {
			super(new JdbcTemplate(new SingleConnectionDataSource()));
			this.conflicts = conflicts;
		}

		@Override
		public Map<FireKey, Row> insertClaims(List<ExecutionRecord.Claimed> claims, boolean heldOnly) {
			this.inserts++;
			this.heldOnly.add(heldOnly);
			if (this.conflicts-- > 0) {
				throw new CannotAcquireLockException("Deadlock found when trying to get lock");
			}
			return Map.of();
		}

		@Override
		public Map<Long, JobWindow> extendWindows(String agentId, List<JobWindowAsk> asks, boolean heldOnly) {
			return this.windows.extend(agentId, asks, heldOnly);
		}

		@Override
		public Map<FireKey, Row> find(Collection<FireKey> keys) {
			Map<FireKey, Row> rows = new HashMap<>();
			keys.forEach((key) -> rows.put(key, new Row(7, "a", ExecutionStatus.PENDING)));
			return rows;
		}

	}

}
