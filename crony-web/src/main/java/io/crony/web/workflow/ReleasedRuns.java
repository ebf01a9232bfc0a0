package io.crony.web.workflow;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;
import io.crony.web.execution.AgentRequests;
import io.crony.web.execution.RunIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementSetter;
import org.springframework.stereotype.Component;

/**
 * The one way a run released by its upstreams starts: its row becomes (or is inserted as)
 * PENDING, trigger DEPENDENCY, owned by nobody, naming the run that released it; then the
 * agent that holds the job is asked to run it through a once request. The agent takes the
 * row with a compare-and-set from nobody, so a request put twice (a leader that failed
 * between the row and the request, or two leaders for a moment) still runs once.
 */
@Component
class ReleasedRuns {

	private static final Logger log = LoggerFactory.getLogger(ReleasedRuns.class);

	static final String REQUESTED_BY = "workflow";

	// the run's id taken ahead (ExecutionIds), as every insert into execution
	private static final String WITH_ID = "INSERT IGNORE INTO execution (id, job_id, job_name, trigger_type, status, "
			+ "scheduled_at, attempt, params, error, reason, finished_at, released_by, released_at, root_id, updated_at) "
			+ "VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)";

	private final JdbcTemplate jdbc;

	private final AgentRequests agents;

	private final UpstreamOutputRows outputs;

	private final RunIds ids;

	ReleasedRuns(JdbcTemplate jdbc, AgentRequests agents, UpstreamOutputRows outputs, RunIds ids) {
		this.jdbc = jdbc;
		this.ids = ids;
		this.agents = agents;
		this.outputs = outputs;
	}

	/**
	 * Releases a waiting fire: WAITING → PENDING, compare-and-set.
	 * @return whether this call released it
	 */
	boolean releaseWaiting(long executionId, UpstreamRun by, Instant now) {
		return this.jdbc.update(
				"UPDATE execution SET " + RunTransition.RELEASE.set() + ", trigger_type = 'DEPENDENCY', "
						+ "agent_id = NULL, released_by = ?, released_at = ?, root_id = ?, updated_at = ? "
						+ "WHERE id = ? AND " + RunTransition.RELEASE.where(),
				by.id(), SqlTime.of(now), by.rootOfReleased(), SqlTime.of(now), executionId) == 1;
	}

	/**
	 * Ends a waiting fire without a run (SKIPPED), compare-and-set.
	 * @param by the upstream run that stopped it, or null
	 * @return whether this call ended it
	 */
	boolean stopWaiting(long executionId, Reason why, UpstreamRun by, Instant now) {
		// no released_at: a fire that did not run begins no cycle
		return this.jdbc.update(
				"UPDATE execution SET " + RunTransition.STOP.set()
						+ ", error = ?, reason = ?, finished_at = ?, released_by = ?, "
						+ "updated_at = ? WHERE id = ? AND " + RunTransition.STOP.where(),
				why.text(), ReasonJson.write(why), SqlTime.of(now), (by != null) ? by.id() : null, SqlTime.of(now),
				executionId) == 1;
	}

	/**
	 * Inserts a run of a job its upstreams start, at {@code instant} (the fire key: an
	 * instant that has a run already is that run).
	 * @param status PENDING (to run) or SKIPPED (stopped, with {@code why})
	 * @return the new row's id, or empty when the instant has a run already
	 */
	Optional<Long> insert(long jobId, String jobName, Instant instant, ExecutionStatus status, UpstreamRun by,
			Long rootId, String params, Reason why, Instant now) {
		return insert(jobId, jobName, instant, status, TriggerType.DEPENDENCY, by, rootId, params, why, now);
	}

	/**
	 * @param trigger DEPENDENCY, or BACKFILL for a backfill's first run of an instant
	 * @param rootId the workflow run's first run, null for that first run itself
	 */
	Optional<Long> insert(long jobId, String jobName, Instant instant, ExecutionStatus status, TriggerType trigger,
			UpstreamRun by, Long rootId, String params, Reason why, Instant now) {
		long id = this.ids.next();
		Row row = new Row(jobId, jobName, instant, status, trigger, by, rootId, params, why, now);
		int inserted = this.jdbc.update(WITH_ID, (PreparedStatementSetter) (insert) -> {
			insert.setLong(1, id);
			row.bind(insert, 2);
		});
		return (inserted == 1) ? Optional.of(id) : Optional.empty();
	}

	/** A released run's values, bound in the order the insert names them. */
	private record Row(long jobId, String jobName, Instant instant, ExecutionStatus status, TriggerType trigger,
			UpstreamRun by, Long rootId, String params, Reason why, Instant now) {

		void bind(PreparedStatement insert, int first) throws SQLException {
			boolean stopped = this.status != ExecutionStatus.PENDING;
			int column = first;
			insert.setLong(column++, this.jobId);
			insert.setString(column++, this.jobName);
			insert.setString(column++, this.trigger.name());
			insert.setString(column++, this.status.name());
			insert.setString(column++, SqlTime.of(this.instant));
			insert.setString(column++, this.params);
			insert.setString(column++, (this.why != null) ? this.why.text() : null);
			insert.setString(column++, ReasonJson.write(this.why));
			insert.setString(column++, stopped ? SqlTime.of(this.now) : null);
			insert.setObject(column++, (this.by != null) ? this.by.id() : null, Types.BIGINT);
			insert.setString(column++, (this.by != null) ? SqlTime.of(this.now) : null);
			insert.setObject(column++, this.rootId, Types.BIGINT);
			insert.setString(column, SqlTime.of(this.now));
		}

	}

	/**
	 * Asks the agent that holds the job to run a released row: the agent the job row
	 * names (the leader's mirror of the assignment), else whoever holds it in etcd. When
	 * none does, the row waits untaken and is asked for again each round; untaken past
	 * the reconciler's grace it ends MISSED, like any fire no agent held.
	 * @return whether a live holder was asked
	 */
	boolean request(long executionId, long jobId, Instant instant, String params) {
		return request(executionId, jobId, TriggerType.DEPENDENCY, instant, params);
	}

	/**
	 * @param trigger DEPENDENCY, BACKFILL, or RETRY (a cleared run)
	 */
	boolean request(long executionId, long jobId, TriggerType trigger, Instant instant, String params) {
		OnceRequest request = new OnceRequest(executionId, jobId, trigger, params, instant, REQUESTED_BY);
		try {
			List<String[]> recorded = this.jdbc.query("SELECT agent_id, spec FROM job WHERE id = ?",
					(rs, i) -> new String[] { rs.getString(1), rs.getString(2) }, jobId);
			if (!recorded.isEmpty()) {
				// before the agent may take it: the upstream outputs its templates read
				this.outputs.fillAtInstant(executionId, jobId, instant, recorded.get(0)[1]);
			}
			String agent = recorded.isEmpty() ? null : recorded.get(0)[0];
			if (agent != null && this.agents.requestRun(agent, request)) {
				return true;
			}
			Optional<String> holder = this.agents.findHolder(jobId);
			if (holder.isPresent() && this.agents.requestRun(holder.get(), request)) {
				return true;
			}
			log.info("Released run {} of job {} waits for an agent to hold the job", executionId, jobId);
		}
		catch (RuntimeException ex) {
			log.warn("Released run {} of job {} not requested yet ({}); asked again shortly", executionId, jobId,
					ex.toString());
		}
		return false;
	}

	/**
	 * Released runs no agent has taken for {@code retryAfter}: they are requested again.
	 */
	List<Untaken> untaken(Instant before) {
		return this.jdbc
			.query("SELECT id, job_id, scheduled_at, params, trigger_type FROM execution FORCE INDEX (idx_execution_status) "
					+ "WHERE status = 'PENDING' AND trigger_type IN ('DEPENDENCY', 'BACKFILL', 'RETRY') AND agent_id IS NULL "
					+ "AND updated_at < ? ORDER BY id LIMIT 1000",
					(rs, i) -> new Untaken(rs.getLong(1), rs.getLong(2), UpstreamRuns.instant(rs, 3), rs.getString(4),
							TriggerType.valueOf(rs.getString(5))),
					SqlTime.of(before));
	}

	/** A released run no agent took yet. */
	record Untaken(long id, long jobId, Instant scheduledAt, String params, TriggerType trigger) {
	}

}
