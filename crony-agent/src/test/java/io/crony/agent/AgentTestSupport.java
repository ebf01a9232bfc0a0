package io.crony.agent;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionIds;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * What the agent ITs share: the schema (applied with the web's migrations), an etcd
 * client standing in for the web leader, and job specs.
 */
public final class AgentTestSupport implements AutoCloseable {

	public static final String EVERY_SECOND = "* * * * * ?";

	/**
	 * How long agent processes may take to start and register: two Spring Boot JVMs
	 * starting at once on a busy 2-core machine took over a minute.
	 */
	public static final Duration PROCESS_START = Duration.ofMinutes(3);

	public static final String NEVER_SOON = "0 0 0 1 1 ?";

	private final CronyServicesExtension services;

	private final Client etcd;

	private final CronyKeys keys;

	private final JdbcTemplate jdbc;

	// ids as crony-web and the agents since V34 take them: a row inserted by
	// AUTO_INCREMENT reads as a writer older than V34, which keeps records written once
	// off for an hour (ExecutionIds), so the tests' own rows would keep it from being
	// tried
	private final ExecutionIds ids;

	public AgentTestSupport(CronyServicesExtension services) {
		this(services, true);
	}

	private AgentTestSupport(CronyServicesExtension services, boolean migrate) {
		this.services = services;
		if (migrate) {
			migrate();
		}
		this.etcd = Client.builder().endpoints(services.etcdEndpoint()).build();
		this.keys = new CronyKeys(services.keyPrefix());
		DriverManagerDataSource dataSource = new DriverManagerDataSource(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
		this.jdbc = new JdbcTemplate(dataSource);
		this.ids = new ExecutionIds(dataSource);
	}

	/**
	 * Support for a test whose database stays empty until it calls {@link #migrate()}, as
	 * one is until crony-web's first start.
	 */
	public static AgentTestSupport withoutSchema(CronyServicesExtension services) {
		return new AgentTestSupport(services, false);
	}

	/** Applies crony-web's migrations, as crony-web does when it starts. */
	public void migrate() {
		AgentDatabase.migrate(this.services);
	}

	public JdbcTemplate jdbc() {
		return this.jdbc;
	}

	/**
	 * The id for an execution row a test inserts in crony-web's or an agent's stead,
	 * taken as theirs are.
	 */
	public long executionId() {
		return this.ids.next();
	}

	public Client etcd() {
		return this.etcd;
	}

	public CronyKeys keys() {
		return this.keys;
	}

	public static JobSpec httpJob(long id, String schedule, String url) {
		return new JobSpec(id, "job-" + id, null, schedule, "UTC",
				new TargetSpec(TargetType.HTTP, "POST", url, Map.of(), "{\"scheduledAt\":\"${scheduledAt}\"}",
						TargetMode.SYNC, null, List.of()),
				5, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
	}

	/**
	 * An HTTP job with the settings the API gives a job by default: timeout 60 s, no
	 * retry, misfire FIRE_NOW, overlap SKIP.
	 */
	public static JobSpec defaultHttpJob(long id, String schedule, String url) {
		return with(httpJob(id, schedule, url), 60, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP);
	}

	public static JobSpec with(JobSpec job, int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfire,
			OverlapPolicy overlap) {
		return new JobSpec(job.id(), job.name(), job.description(), job.schedule(), job.timeZone(), job.target(),
				timeoutSeconds, retry, misfire, overlap, job.assignment(), job.enabled(), job.version());
	}

	/**
	 * Puts an assignment key, as the web leader would, and mirrors it into table
	 * {@code job} as the job API and the leader do, in their order: the job's row first
	 * (the API writes it before the leader ever places the job, and an agent makes a job
	 * a window only while its row is there: put first, the fires the agent claimed before
	 * the row came were dropped as a deleted job's), then the key, then the row's
	 * {@code agent_id} (the leader writes it after the move): an agent whose lease etcd
	 * does not confirm claims only what that table places on it.
	 */
	public void assign(String agentId, JobSpec job) {
		this.jdbc.update(
				"INSERT IGNORE INTO job (id, name, schedule, time_zone, target_type, spec, enabled, agent_id, "
						+ "created_at, updated_at) VALUES (?, ?, ?, 'UTC', 'HTTP', '{}', ?, NULL, NOW(3), NOW(3))",
				job.id(), "it-job-" + job.id(), job.schedule(), job.enabled());
		put(this.keys.job(agentId, job.id()), CronyJson.toBytes(new JobAssignment(job, 1, Instant.now())));
		placeInJobTable(job, agentId);
	}

	/**
	 * Writes the job's row in table {@code job}: enabled as its spec says, placed on
	 * {@code agentId} (null: nowhere).
	 */
	public void placeInJobTable(JobSpec job, String agentId) {
		this.jdbc.update(
				"INSERT INTO job (id, name, schedule, time_zone, target_type, spec, enabled, agent_id, "
						+ "created_at, updated_at) VALUES (?, ?, ?, 'UTC', 'HTTP', '{}', ?, ?, NOW(3), NOW(3)) "
						+ "ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), agent_id = VALUES(agent_id)",
				job.id(), "it-job-" + job.id(), job.schedule(), job.enabled(), agentId);
	}

	/**
	 * Moves a job in one transaction (delete old key + put new key), as the leader's
	 * failover does: the new value names the agent it moved from.
	 */
	public void move(String from, String to, JobSpec job) {
		try {
			this.etcd.getKVClient()
				.txn()
				.Then(Op.delete(bytes(this.keys.job(from, job.id())), DeleteOption.DEFAULT),
						Op.put(bytes(this.keys.job(to, job.id())),
								ByteSequence.from(CronyJson.toBytes(new JobAssignment(job, 2, Instant.now(), from))),
								PutOption.DEFAULT))
				.commit()
				.get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		placeInJobTable(job, to);
	}

	/**
	 * Moves jobs in one transaction (every old key deleted, every new key put, naming the
	 * agent they moved from), as the leader's drain does.
	 */
	public void moveAll(String from, String to, List<JobSpec> jobs) {
		List<Op> ops = new ArrayList<>();
		for (JobSpec job : jobs) {
			ops.add(Op.delete(bytes(this.keys.job(from, job.id())), DeleteOption.DEFAULT));
			ops.add(Op.put(bytes(this.keys.job(to, job.id())),
					ByteSequence.from(CronyJson.toBytes(new JobAssignment(job, 2, Instant.now(), from))),
					PutOption.DEFAULT));
		}
		try {
			this.etcd.getKVClient().txn().Then(ops.toArray(Op[]::new)).commit().get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		jobs.forEach((job) -> placeInJobTable(job, to));
	}

	/** The lease an agent's node key lives under, or 0 when it is not registered. */
	public long leaseOf(String agentId) {
		try {
			return this.etcd.getKVClient()
				.get(bytes(this.keys.node(agentId)))
				.get(5, TimeUnit.SECONDS)
				.getKvs()
				.stream()
				.mapToLong(io.etcd.jetcd.KeyValue::getLease)
				.findFirst()
				.orElse(0);
		}
		catch (Exception ex) {
			return 0;
		}
	}

	public void unassign(String agentId, long jobId) {
		try {
			this.etcd.getKVClient().delete(bytes(this.keys.job(agentId, jobId))).get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		this.jdbc.update("UPDATE job SET agent_id = NULL WHERE id = ? AND agent_id = ?", jobId, agentId);
	}

	/**
	 * Inserts the PENDING row and puts the once key, as the web's "run now" does (whole
	 * seconds for scheduled_at, see crony-web's RunService).
	 */
	/**
	 * A manual run, its row at the request's millisecond off the whole second, as
	 * crony-web's run now places it.
	 */
	public long runOnce(String agentId, JobSpec job, String params) {
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		return runOnce(agentId, job, params, TriggerType.MANUAL, (now.getNano() == 0) ? now.plusMillis(1) : now);
	}

	/**
	 * A run of the job for the given logical instant, as crony-web hands the agent a
	 * manual run ({@code at} now), a backfill or an operator's retry ({@code at} in the
	 * past). A backfill's row is nobody's until the agent takes it, as crony-web writes
	 * it.
	 */
	public long runOnce(String agentId, JobSpec job, String params, TriggerType trigger, Instant at) {
		boolean released = trigger == TriggerType.BACKFILL || trigger == TriggerType.DEPENDENCY;
		long id = executionId();
		this.jdbc.update(
				"INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
						+ "params, updated_at) VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)",
				id, job.id(), job.name(), released ? null : agentId, trigger.name(), SqlTime.of(at), params,
				SqlTime.of(Instant.now()));
		put(this.keys.once(agentId, id),
				CronyJson.toBytes(new OnceRequest(id, job.id(), trigger, params, at, "tester")));
		return id;
	}

	public boolean registered(String agentId) {
		try {
			return this.etcd.getKVClient().get(bytes(this.keys.node(agentId))).get(5, TimeUnit.SECONDS).getCount() > 0;
		}
		catch (Exception ex) {
			return false;
		}
	}

	/**
	 * An execution row of a job of its own, started now, in {@code status}: for rows that
	 * hang under a run (its shards) without a fire behind it.
	 */
	public long execution(String status) {
		Timestamp now = Timestamp.from(Instant.now());
		long job = System.nanoTime();
		long id = executionId();
		this.jdbc.update(
				"INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at,"
						+ " started_at, attempt, updated_at) VALUES (?, ?, 'ledger', 'a', 'MANUAL', ?, ?, ?, 1, ?)",
				id, job, status, now, now, now);
		return id;
	}

	public String status(long executionId) {
		return this.jdbc.queryForObject("SELECT status FROM execution WHERE id = ?", String.class, executionId);
	}

	public Map<String, Object> row(long executionId) {
		return this.jdbc.queryForMap("SELECT * FROM execution WHERE id = ?", executionId);
	}

	public List<String> statuses(long jobId) {
		return this.jdbc.queryForList("SELECT status FROM execution WHERE job_id = ? ORDER BY scheduled_at",
				String.class, jobId);
	}

	public void put(String key, byte[] value) {
		try {
			this.etcd.getKVClient().put(bytes(key), ByteSequence.from(value)).get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	public static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	private static final String RECORDS_WRITTEN_ONCE = "crony.agent.records-written-once";

	/** Spring properties for an agent with this id against the test's services. */
	public Map<String, String> agentProperties(String agentId, String spoolDir) {
		Map<String, String> properties = new java.util.LinkedHashMap<>(this.services.properties());
		properties.put("crony.agent.id", agentId);
		properties.put("crony.agent.spool-dir", spoolDir);
		properties.put("spring.flyway.enabled", "false");
		// the agent's default (records written once) unless the build is given the
		// setting (-Dcrony.agent.records-written-once=false runs the guarantee tests with
		// a claim row per fire)
		String writtenOnce = System.getProperty(RECORDS_WRITTEN_ONCE);
		if (writtenOnce != null) {
			properties.put(RECORDS_WRITTEN_ONCE, writtenOnce);
		}
		return properties;
	}

	/**
	 * Whether an engine a test builds itself writes records once: the agent's default,
	 * true, unless the build is given {@code -Dcrony.agent.records-written-once=false}.
	 */
	public static boolean recordsWrittenOnce() {
		return Boolean.parseBoolean(System.getProperty(RECORDS_WRITTEN_ONCE, "true"));
	}

	@Override
	public void close() {
		this.etcd.close();
	}

}
