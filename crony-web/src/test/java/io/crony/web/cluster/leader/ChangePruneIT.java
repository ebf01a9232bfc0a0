package io.crony.web.cluster.leader;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leader's prune of old {@code job_change} rows, which begins every reconcile's read,
 * against a real MariaDB with its default lock wait (50 s): it deletes every row older
 * than an hour, a chunk at a time, and does not wait behind a job write still open. A
 * delete over a range of {@code changed_at} locked the index entry just past the range
 * (the open write's change row) and failed after the lock wait, which made a reconcile
 * behind a large import in one transaction fail (docs/benchmarks.md, "A million jobs over
 * 100 agents again").
 */
class ChangePruneIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private DriverManagerDataSource dataSource;

	private JdbcTemplate jdbc;

	private JobTable table;

	@BeforeEach
	void connect() {
		this.dataSource = new DriverManagerDataSource(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
		Flyway.configure().dataSource(this.dataSource).locations("classpath:db/migration").load().migrate();
		this.jdbc = new JdbcTemplate(this.dataSource);
		this.jdbc.update("DELETE FROM job_change");
		this.table = new JobTable(this.jdbc, 1000);
	}

	@Test
	void deletesEveryRowOlderThanAnHourChunkByChunkAndKeepsTheRecentOnes() {
		List<Object[]> old = new ArrayList<>();
		for (long id = 1; id <= 2_500; id++) {
			old.add(new Object[] { id });
		}
		this.jdbc.batchUpdate("INSERT INTO job_change (job_id, changed_at) VALUES (?, NOW(3) - INTERVAL 2 HOUR)", old);
		this.jdbc.update("INSERT INTO job_change (job_id, changed_at) VALUES (7, NOW(3) - INTERVAL 50 MINUTE)");
		this.jdbc.update("INSERT INTO job_change (job_id) VALUES (8)");

		this.table.pruneChanges();

		assertThat(this.jdbc.queryForList("SELECT job_id FROM job_change ORDER BY job_id", Long.class))
			.containsExactly(7L, 8L);
	}

	@Test
	void doesNotWaitBehindAJobWriteStillOpen() throws Exception {
		this.jdbc.update("INSERT INTO job_change (job_id, changed_at) VALUES (1, NOW(3) - INTERVAL 2 HOUR)");
		this.jdbc.update("INSERT INTO job_change (job_id, changed_at) VALUES (2, NOW(3) - INTERVAL 2 HOUR)");
		try (Connection open = this.dataSource.getConnection(); Statement write = open.createStatement()) {
			// a large import's transaction: its change rows are the newest, uncommitted
			open.setAutoCommit(false);
			write.executeUpdate("INSERT INTO job_change (job_id) VALUES (3)");

			CompletableFuture<Void> prune = CompletableFuture.runAsync(this.table::pruneChanges);

			// well inside the server's 50 s lock wait, after which a waiting delete fails
			assertThat(prune).succeedsWithin(Duration.ofSeconds(30));
			open.commit();
		}
		assertThat(this.jdbc.queryForList("SELECT job_id FROM job_change", Long.class)).containsExactly(3L);
	}

}
