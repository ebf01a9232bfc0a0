package io.crony.agent;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The columns the agent's SQL names, written or read, by table: what {@link SchemaWait}
 * waits for. An agent newer than the database's migrations (a column added by a migration
 * of the same release) would otherwise start and fail every statement that names the new
 * column. SchemaWaitIT reads the SQL of the agent's sources (and crony-alert's, which the
 * agent runs) and fails when a column they name is missing here, or when one here is not
 * in the migrated schema: add the column of a new migration here when the agent's SQL
 * starts to use it.
 */
final class AgentColumns {

	/** Table to columns, in the order the tables are named when missing. */
	static final Map<String, List<String>> BY_TABLE = byTable();

	private AgentColumns() {
	}

	private static Map<String, List<String>> byTable() {
		Map<String, List<String>> columns = new TreeMap<>();
		// crony-alert's AlertStore: the agent's run alerts and their channels
		columns.put("alert", List.of("id", "channel_id", "kind", "job_id", "execution_id", "agent_id", "dedup_key",
				"status", "attempts", "subject", "text", "error", "created_at", "sent_at"));
		columns.put("alert_channel", List.of("id", "name", "type", "config", "secret", "language", "enabled",
				"platform", "created_at", "updated_at"));
		// the claim's insert joins the job row (held fires)
		columns.put("job", List.of("id", "agent_id", "enabled", "updated_at"));
		columns.put("execution",
				List.of("id", "job_id", "job_name", "agent_id", "trigger_type", "status", "mode", "scheduled_at",
						"attempt", "params", "deadline_at", "started_at", "finished_at", "updated_at", "output",
						"outputs", "error", "message", "progress", "move_requested_at", "resume_payload", "released_by",
						"upstream_outputs",
						// V23
						"reason",
						// V25
						"trace_id"));
		columns.put("execution_attempt",
				List.of("execution_id", "attempt", "instance", "agent_id", "started_at", "ended_at", "status", "note",
						// V30
						"reason"));
		columns.put("execution_shard",
				List.of("execution_id", "shard_index", "shard_total", "instance", "status", "attempt", "started_at",
						"finished_at", "output", "error",
						// V28
						"reason"));
		// V32: the jobs' windows (JobWindows)
		columns.put("job_window", List.of("job_id", "agent_id", "from_at", "until_at",
				// V35
				"held_until"));
		// V33: a job's latest fire kept when retention dropped its row's day
		// (FireHistory reads it): the table as V33 makes it
		columns.put("job_last_fire",
				List.of("job_id", "scheduled_at", "execution_id", "agent_id", "status", "finished_at"));
		// V34: the execution ids' blocks (crony-common ExecutionIds, which the claims'
		// and records' inserts take their ids from)
		columns.put("execution_id_block", List.of("id", "next_id", "older_writer_seen_at", "updated_at"));
		return Collections.unmodifiableMap(columns);
	}

}
