package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.crony.common.execution.ExecutionIds;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.test.CronyServicesExtension;
import io.crony.web.execution.RunIds;
import io.crony.test.LocalServices;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The insert of a run upstreams or a backfill start, against real MariaDB without a web
 * context (the statement alone): its id is taken ahead ({@link ExecutionIds}), and an
 * older writer's {@code AUTO_INCREMENT} (a rolling upgrade) gives no id of its block.
 */
class ReleasedRunsIT {

	private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private JdbcTemplate jdbc;

	private ExecutionIds ids;

	private ReleasedRuns released;

	@BeforeEach
	void connect() {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
		Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
		this.jdbc = new JdbcTemplate(dataSource);
		this.jdbc.update("DELETE FROM execution");
		// one block for the whole test, however slow the machine
		this.ids = new ExecutionIds(dataSource, ExecutionIds.BLOCK, Duration.ofHours(1), System::nanoTime);
		this.released = new ReleasedRuns(this.jdbc, null, null, new RunIds(this.ids, this.jdbc));
	}

	@Test
	void aReleasedRunIsInsertedWithTheNextIdOfTheBlockAndAnInstantWithARunAlreadyGetsNone() {
		long before = this.ids.next();

		Optional<Long> id = insert(1, AT);

		assertThat(id).contains(before + 1);
		assertThat(insert(1, AT)).isEmpty();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Integer.class)).isEqualTo(1);
	}

	@Test
	void anOlderWritersRowAfterTheBlockWasTakenGetsAnIdAboveItSoNoIdIsShared() {
		long before = this.ids.next();
		// an older writer (before V34) inserts by AUTO_INCREMENT, at another instant:
		// the primary key (id, scheduled_at) would not refuse an id equal to this block's
		this.jdbc.update("INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, updated_at)"
				+ " VALUES (2, 'job-2', 'CRON', 'PENDING', '2026-11-22 10:00:05', NOW(3))");

		Optional<Long> id = insert(1, AT);

		assertThat(id).contains(before + 1);
		assertThat(this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = 2", Long.class))
			.isGreaterThan(before + ExecutionIds.BLOCK);
		assertThat(this.jdbc.queryForList("SELECT id FROM execution GROUP BY id HAVING COUNT(*) > 1", Long.class))
			.isEmpty();
	}

	private Optional<Long> insert(long job, Instant instant) {
		return this.released.insert(job, "job-" + job, instant, ExecutionStatus.PENDING, TriggerType.BACKFILL, null,
				null, null, null, AT);
	}

}
