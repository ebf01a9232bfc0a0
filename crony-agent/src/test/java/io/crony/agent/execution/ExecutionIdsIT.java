package io.crony.agent.execution;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.agent.AgentDatabase;
import io.crony.common.execution.ExecutionIds;
import io.crony.common.execution.TriggerType;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Execution ids taken ahead in blocks ({@link ExecutionIds}, V34) against real MariaDB:
 * blocks of several allocators used at once never overlap, an allocator after a restart
 * goes on right above them, a block starts above rows no block made, an older writer's
 * {@code AUTO_INCREMENT} (a rolling upgrade) gives ids above the blocks taken, and a
 * thousand claimed fires pay one block.
 */
class ExecutionIdsIT {

	private static final Instant AT = Instant.parse("2026-11-22T10:00:01Z");

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private DriverManagerDataSource dataSource;

	private JdbcTemplate jdbc;

	@BeforeEach
	void connect() {
		AgentDatabase.migrate(services);
		this.dataSource = new DriverManagerDataSource(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
		this.jdbc = new JdbcTemplate(this.dataSource);
		this.jdbc.update("DELETE FROM execution");
	}

	@Test
	void blocksOfTwoAllocatorsUsedAtOnceNeverOverlap() throws Exception {
		// small blocks, so that each allocator takes many while the other does
		ExecutionIds web = allocator(25);
		ExecutionIds agent = allocator(25);
		Set<Long> seen = ConcurrentHashMap.newKeySet();
		List<Callable<Integer>> takers = new ArrayList<>();
		for (ExecutionIds ids : List.of(web, agent, web, agent)) {
			takers.add(() -> {
				int duplicates = 0;
				for (int i = 0; i < 100; i++) {
					for (long id : ids.next(1 + i % 3)) {
						duplicates += seen.add(id) ? 0 : 1;
					}
				}
				return duplicates;
			});
		}
		ExecutorService threads = Executors.newFixedThreadPool(takers.size());
		try {
			for (Future<Integer> taker : threads.invokeAll(takers)) {
				assertThat(taker.get()).isZero();
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(seen).hasSize(2 * 2 * (34 * 1 + 33 * 2 + 33 * 3));
		assertThat(web.blocks()).isGreaterThan(5);
		assertThat(agent.blocks()).isGreaterThan(5);
	}

	@Test
	void anAllocatorAfterARestartGoesOnRightAboveTheBlockHandedOutBefore() {
		ExecutionIds before = allocator(ExecutionIds.BLOCK);
		long first = before.next();
		before.next(5);
		// no older writer about (earlier tests inserted by AUTO_INCREMENT)
		this.jdbc.update("UPDATE execution_id_block SET older_writer_seen_at = NULL");

		// the same process started again: a new allocator, nothing kept but the table
		long after = allocator(ExecutionIds.BLOCK).next();

		// the rest of the first block is a gap, never handed out again; AUTO_INCREMENT
		// was
		// moved past the block, and its one placeholder id is skipped
		assertThat(after).isEqualTo(first + ExecutionIds.BLOCK + 2);
	}

	@Test
	void aBlockStartsAboveRowsNoBlockMade() {
		long counter = this.jdbc.queryForObject("SELECT next_id FROM execution_id_block WHERE id = 1", Long.class);
		// a row above the counter: an older writer's AUTO_INCREMENT, or a counter that
		// lost its last commits with a failover
		long above = counter + 5000;
		this.jdbc.update("INSERT INTO execution (id, job_id, job_name, trigger_type, status, scheduled_at, updated_at)"
				+ " VALUES (?, 1, 'job-1', 'CRON', 'PENDING', '2026-11-22 10:00:00', NOW(3))", above);

		ExecutionIds ids = allocator(ExecutionIds.BLOCK);
		assertThat(ids.noOlderWriterSeenBefore(Instant.now())).isFalse();
		assertThat(ids.next()).isGreaterThan(above + ExecutionIds.OLDER_WRITERS_MARGIN);
		assertThat(this.jdbc.queryForObject("SELECT older_writer_seen_at FROM execution_id_block", Object.class))
			.isNotNull();
		// records are not written once while an older writer may be about
		assertThat(ids.noOlderWriterSeenBefore(Instant.now())).isFalse();
	}

	@Test
	void recordsMayBeWrittenOnceOnlyWhenTheBlocksSawNoOlderWriterForAnHour() {
		// a block first: AUTO_INCREMENT then stands where the counter does (earlier
		// tests inserted by it), so the next block sees no older writer of its own
		allocator(ExecutionIds.BLOCK).next();
		seenAgo(Duration.ofMinutes(61));
		ExecutionIds quiet = allocator(ExecutionIds.BLOCK);
		quiet.next();
		assertThat(quiet.noOlderWriterSeenBefore(Instant.now())).isTrue();

		seenAgo(Duration.ofMinutes(59));
		ExecutionIds recent = allocator(ExecutionIds.BLOCK);
		recent.next();
		assertThat(recent.noOlderWriterSeenBefore(Instant.now())).isFalse();
	}

	@Test
	void aReservationGivenUpAsTooSlowIsNotTakenForAnOlderWriter() {
		allocator(ExecutionIds.BLOCK).next();
		seenAgo(Duration.ofMinutes(61));
		// the first reservation's placeholders take two seconds (a loaded machine), the
		// second's none: its own moved AUTO_INCREMENT is no older writer
		AtomicLong calls = new AtomicLong();
		ExecutionIds slowOnce = new ExecutionIds(this.dataSource, ExecutionIds.BLOCK, Duration.ofHours(1),
				() -> (calls.incrementAndGet() == 3) ? 2_000_000_000L : 0L);
		slowOnce.next();

		// the block's first look at the clock, then each reservation's start and end
		assertThat(calls.get()).isEqualTo(5);
		assertThat(slowOnce.noOlderWriterSeenBefore(Instant.now())).isTrue();
	}

	@Test
	void anOlderWritersRowsAfterABlockWasTakenGetIdsAboveItAndNoIdIsShared() {
		// an older writer (before V34) claims by AUTO_INCREMENT while this agent claims
		// with its block: since V31 the primary key (id, scheduled_at) refuses no equal
		// id
		// at another instant, so nothing but the allocator keeps ids apart
		ExecutionStore store = new ExecutionStore(this.jdbc, allocator(10), null);
		olderWritersClaim(100, AT);
		long mine = store.insertClaims(List.of(claimed(1, AT.plusSeconds(1))), false)
			.get(new FireKey(1, AT.plusSeconds(1)))
			.id();

		long theirs = olderWritersClaim(101, AT.plusSeconds(2));
		store.insertClaims(List.of(claimed(2, AT.plusSeconds(3)), claimed(3, AT.plusSeconds(4))), false);
		long theirsLater = olderWritersClaim(102, AT.plusSeconds(5));
		store.write(List.of(claimed(4, AT.plusSeconds(6))));

		// the block (10 ids from mine on) was reserved in AUTO_INCREMENT too
		assertThat(theirs).isGreaterThan(mine + 10);
		assertThat(theirsLater).isGreaterThan(theirs);
		assertThat(this.jdbc.queryForList("SELECT id FROM execution GROUP BY id HAVING COUNT(*) > 1", Long.class))
			.isEmpty();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Integer.class)).isEqualTo(7);
		assertThat(this.jdbc.queryForList("SELECT id FROM execution WHERE job_id BETWEEN 1 AND 4", Long.class))
			.allMatch((id) -> id >= mine && id < mine + 10);
	}

	@Test
	void claimsOfAThousandFiresTakeOneBlockBesideTheirInserts() throws Exception {
		// one session, so its statement counters count the claims and the block alike
		SingleConnectionDataSource one = AgentDatabase.connection(services);
		try {
			JdbcTemplate session = new JdbcTemplate(one);
			ExecutionIds ids = new ExecutionIds(one);
			ExecutionStore store = new ExecutionStore(session, ids, null);
			long before = statements(session);

			// 1,000 every-second jobs' fires, claimed 100 at a time (as the claim stage
			// batches them)
			for (int batch = 0; batch < 10; batch++) {
				List<ExecutionRecord.Claimed> claims = new ArrayList<>();
				for (int job = 1; job <= 100; job++) {
					Instant at = AT.plusSeconds(batch);
					claims.add(new ExecutionRecord.Claimed(job, "job-" + job, at, "agent", TriggerType.CRON, null, at));
				}
				assertThat(store.insertClaims(claims, false)).hasSize(100);
			}

			// 10 inserts, as before V34; the block: its locking read, its two
			// placeholders (rolled back) and the counter's move; the second reading of
			// the
			// counters counts itself
			assertThat(ids.blocks()).isEqualTo(1);
			assertThat(statements(session) - before).isEqualTo(10 + 4 + 1);
		}
		finally {
			one.destroy();
		}
	}

	// the data statements a session ran
	private static long statements(JdbcTemplate session) {
		return session.queryForObject("SELECT SUM(VARIABLE_VALUE) FROM information_schema.SESSION_STATUS "
				+ "WHERE VARIABLE_NAME IN ('COM_INSERT', 'COM_UPDATE', 'COM_UPDATE_MULTI', 'COM_SELECT', "
				+ "'COM_INSERT_SELECT', 'COM_DELETE')", Long.class);
	}

	// as the allocator writes it
	private void seenAgo(Duration ago) {
		this.jdbc.update("UPDATE execution_id_block SET older_writer_seen_at = ?",
				SqlTime.of(Instant.now().minus(ago)));
	}

	private ExecutionIds allocator(int blockSize) {
		// one block for as long as a test takes, however slow the machine
		return new ExecutionIds(this.dataSource, blockSize, Duration.ofHours(1), System::nanoTime);
	}

	// a claim as agents before V34 make it: its id by AUTO_INCREMENT
	private long olderWritersClaim(long job, Instant at) {
		KeyHolder key = new GeneratedKeyHolder();
		this.jdbc.update((connection) -> {
			PreparedStatement insert = connection.prepareStatement(
					"INSERT IGNORE INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
							+ "attempt, updated_at) VALUES (?, ?, 'old', 'CRON', 'PENDING', ?, 1, NOW(3))",
					Statement.RETURN_GENERATED_KEYS);
			insert.setLong(1, job);
			insert.setString(2, "job-" + job);
			insert.setString(3, SqlTime.of(at));
			return insert;
		}, key);
		return key.getKey().longValue();
	}

	private static ExecutionRecord.Claimed claimed(long job, Instant at) {
		return new ExecutionRecord.Claimed(job, "job-" + job, at, "agent", TriggerType.CRON, null, at);
	}

}
