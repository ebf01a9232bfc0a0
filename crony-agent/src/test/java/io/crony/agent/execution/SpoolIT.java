package io.crony.agent.execution;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.SpoolState;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The spool's bounds against real MariaDB: a record the database refuses for good is
 * quarantined and the rest written, and a spool at its size makes claims wait (said, not
 * silent) until the database is back and takes the records. The database is "away" by
 * connecting to a port nothing listens on (a real refused connection). About 20 to 30 s
 * on a loaded machine (Flyway's migration of the class's schema, a 17 MiB record).
 */
class SpoolIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@TempDir
	Path spoolDir;

	private JdbcTemplate jdbc;

	private final Away dataSource = new Away();

	@BeforeEach
	void migrate() {
		Flyway.configure()
			.dataSource(services.jdbcUrl(), LocalServices.DB_USER, LocalServices.DB_PASSWORD)
			.locations("filesystem:../crony-web/src/main/resources/db/migration")
			.load()
			.migrate();
		this.jdbc = new JdbcTemplate(
				new DriverManagerDataSource(services.jdbcUrl(), LocalServices.DB_USER, LocalServices.DB_PASSWORD));
	}

	/**
	 * Before, one record MariaDB refused (here an error text larger than the largest
	 * statement MariaDB takes, {@code max_allowed_packet}, 16 MiB by default) made every
	 * replay fail: the agent spooled for good and wrote nothing more.
	 */
	@Test
	void aRecordTheDatabaseRefusesIsQuarantinedAndTheRecordsAroundItAreWritten() throws Exception {
		long job = System.nanoTime() % 1_000_000_000L;
		Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		// claimed while the database answered; their ends were spooled (a claim and its
		// end in one batch are written as one INSERT IGNORE, which MariaDB never refuses)
		new ExecutionStore(this.jdbc).write(List.of(claimed(job, at), claimed(job + 1, at)));
		Spool spool = new Spool(this.spoolDir);
		spool.append(List.of(finished(job, at, "x".repeat(17 << 20))));
		spool.append(List.of(finished(job + 1, at, null)));
		try (RecordWriter writer = new RecordWriter(new ExecutionStore(this.jdbc), spool, Duration.ofMillis(10),
				Duration.ZERO, 1000, RecordWriter.answers(this.jdbc))) {
			assertThat(writer.isSpooling()).isTrue();
			writer.start();
			await().atMost(Duration.ofSeconds(20)).until(() -> !writer.isSpooling());
			assertThat(writer.quarantined()).isEqualTo(1);
		}
		assertThat(status(job + 1, at)).isEqualTo("SUCCEEDED");
		assertThat(status(job, at)).isEqualTo("PENDING");
		assertThat(new Spool(this.spoolDir).isEmpty()).isTrue();
		List<String> quarantined = Files.readAllLines(this.spoolDir.resolve("executions.quarantine.jsonl"));
		assertThat(quarantined).singleElement().satisfies((line) -> assertThat(line).contains("\\\"jobId\\\":" + job));
	}

	/**
	 * Before, the spool grew without bound while the database was away. At its size no
	 * fire is claimed (the claim thread waits), an ERROR is logged and the gauge says so;
	 * nothing spooled is dropped, and all of it is written once the database is back.
	 * Meanwhile the spool's state is in etcd for the web leader's alert (before, nothing
	 * outside the agent's log and gauge said so): put under the agent's lease, full with
	 * its size and limit, and deleted once the spool is empty.
	 */
	@Test
	void aFullSpoolMakesClaimsWaitKeepsEveryRecordAndWritesThemWhenTheDatabaseIsBack() throws Exception {
		long job = System.nanoTime() % 1_000_000_000L;
		Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		this.dataSource.away = true;
		String spoolKey = new CronyKeys(services.keyPrefix()).spool("agent-spool");
		try (Client etcd = Client.builder().endpoints(services.etcdEndpoint()).build();
				RecordWriter writer = new RecordWriter(new ExecutionStore(new JdbcTemplate(this.dataSource)),
						new Spool(this.spoolDir, 2048), Duration.ofMillis(10), Duration.ZERO, 1000,
						RecordWriter.answers(new JdbcTemplate(this.dataSource)));
				SpoolPublisher published = new SpoolPublisher(etcd, spoolKey, writer, lease(etcd), Clock.systemUTC())) {
			writer.start();
			published.start();
			for (int i = 0; i < 20; i++) {
				writer.submit(claimed(job + i, at));
			}
			await().atMost(Duration.ofSeconds(20)).until(writer::spoolFull);
			CompletableFuture<Void> claim = CompletableFuture.runAsync(() -> {
				try {
					writer.awaitRoom();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> !claim.isDone());
			assertThat(writer.spoolFull()).isTrue();
			assertThat(writer.spoolBytes()).isGreaterThanOrEqualTo(2048);
			assertThat(new Spool(this.spoolDir).readAll()).hasSize(20);
			await().atMost(Duration.ofSeconds(20)).until(() -> spoolState(etcd, spoolKey) != null);
			SpoolState state = spoolState(etcd, spoolKey);
			assertThat(state.full()).isTrue();
			assertThat(state.bytes()).isGreaterThanOrEqualTo(2048);
			assertThat(state.maxBytes()).isEqualTo(2048);
			assertThat(state.since()).isBeforeOrEqualTo(state.at());

			this.dataSource.away = false;
			await().atMost(Duration.ofSeconds(20)).until(claim::isDone);
			await().atMost(Duration.ofSeconds(20)).until(() -> !writer.isSpooling());
			await().atMost(Duration.ofSeconds(20)).until(() -> spoolState(etcd, spoolKey) == null);
		}
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM execution WHERE job_id BETWEEN ? AND ? AND status = 'PENDING'", Long.class, job,
				job + 19))
			.isEqualTo(20);
	}

	// a lease like the agent's, so the key goes with the agent
	private static LongSupplier lease(Client etcd) throws Exception {
		long lease = etcd.getLeaseClient().grant(60).get(10, TimeUnit.SECONDS).getID();
		return () -> lease;
	}

	private static SpoolState spoolState(Client etcd, String key) throws Exception {
		List<KeyValue> found = etcd.getKVClient()
			.get(ByteSequence.from(key, StandardCharsets.UTF_8))
			.get(10, TimeUnit.SECONDS)
			.getKvs();
		return found.isEmpty() ? null : CronyJson.fromJson(found.get(0).getValue().toString(), SpoolState.class);
	}

	private String status(long job, Instant at) {
		return this.jdbc.queryForObject("SELECT status FROM execution WHERE job_id = ? AND scheduled_at = ?",
				String.class, job, SqlTime.of(at));
	}

	private static ExecutionRecord claimed(long job, Instant at) {
		return new ExecutionRecord.Claimed(job, "spooled-" + job, at, "agent-spool", TriggerType.CRON, null, at);
	}

	private static ExecutionRecord finished(long job, Instant at, String error) {
		return new ExecutionRecord.Finished(job, at, "agent-spool",
				(error == null) ? ExecutionStatus.SUCCEEDED : ExecutionStatus.FAILED, 1, "ok", error, at.plusMillis(5));
	}

	/**
	 * MariaDB, or while {@code away} a port nothing listens on: the driver's connection
	 * is refused as with a database that is down.
	 */
	private static final class Away extends AbstractDataSource {

		volatile boolean away;

		private final DriverManagerDataSource real = new DriverManagerDataSource(services.jdbcUrl(),
				LocalServices.DB_USER, LocalServices.DB_PASSWORD);

		private final DriverManagerDataSource nowhere = new DriverManagerDataSource(
				"jdbc:mysql://127.0.0.1:" + closedPort() + "/crony?connectTimeout=1000", LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);

		@Override
		public Connection getConnection() throws SQLException {
			return (this.away ? this.nowhere : this.real).getConnection();
		}

		@Override
		public Connection getConnection(String username, String password) throws SQLException {
			return getConnection();
		}

		private static int closedPort() {
			try (ServerSocket socket = new ServerSocket(0)) {
				return socket.getLocalPort();
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
