package io.crony.web.cluster.leader;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.crony.common.job.JobChangeReads;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The leader's reads of table {@code job} (owned by the job API) and of
 * {@code job_change} (one row per change, written by crony-web with each job write:
 * {@code JobChangeLog}), and its writes: the {@code agent_id} mirror, which never touches
 * {@code version} or {@code updated_at}, and the pruning of old change rows. Rows are
 * read a page at a time, by id, so a read's memory does not grow with the table.
 */
class JobTable {

	private static final String COLUMNS = "id, version, enabled, spec, agent_id";

	private static final int CHUNK = 1000;

	/** How long change rows are kept: far longer than any change scan looks back. */
	private static final int KEEP_CHANGES_MINUTES = 60;

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	private final int pageSize;

	/**
	 * @param pageSize rows per read of a whole-table scan
	 */
	JobTable(JdbcTemplate jdbc, int pageSize) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
		this.pageSize = pageSize;
	}

	/** A cheap fingerprint of the table: any create, update or delete changes it. */
	Stamp stamp() {
		return this.jdbc.queryForObject(JobChangeReads.STAMP, (rs, i) -> new Stamp(rs.getLong(1), rs.getTimestamp(2)));
	}

	/** Every row, a page at a time in the order of id. */
	void forEach(Consumer<JobRow> sink) {
		long after = 0;
		int read;
		do {
			List<JobRow> page = this.jdbc.query("SELECT " + COLUMNS + " FROM job WHERE id > ? ORDER BY id LIMIT ?",
					(rs, i) -> row(rs), after, this.pageSize);
			read = page.size();
			for (JobRow row : page) {
				sink.accept(row);
				after = row.id();
			}
		}
		while (read == this.pageSize);
	}

	/**
	 * The ids of the jobs that changed (created, updated or deleted) at or after the
	 * instant, each once; the change scan reads their rows a slice at a time
	 * ({@link #rows(Collection)}), a deleted job having none.
	 */
	List<Long> changedSince(Timestamp since) {
		return this.jdbc.queryForList(JobChangeReads.CHANGED_SINCE, Long.class, since);
	}

	/**
	 * Deletes change rows no scan looks at any more, a chunk at a time. The old rows are
	 * found by a plain (non-locking) read and deleted by their ids, which locks those
	 * rows alone: a delete over a range of {@code changed_at} also locks the index entry
	 * just past the range, which may be a change row of a job write still open (a large
	 * import in one transaction), and waited behind it up to
	 * {@code innodb_lock_wait_timeout} (50 s), then failed the reconcile it began.
	 */
	void pruneChanges() {
		List<Long> old;
		do {
			old = this.jdbc.queryForList("SELECT id FROM job_change WHERE changed_at < NOW(3) - INTERVAL "
					+ KEEP_CHANGES_MINUTES + " MINUTE LIMIT " + CHUNK, Long.class);
			if (!old.isEmpty()) {
				this.named.update("DELETE FROM job_change WHERE id IN (:ids)", new MapSqlParameterSource("ids", old));
			}
		}
		while (old.size() == CHUNK);
	}

	Map<Long, JobRow> rows(Collection<Long> ids) {
		Map<Long, JobRow> rows = new HashMap<>();
		List<Long> all = new ArrayList<>(ids);
		for (int from = 0; from < all.size(); from += CHUNK) {
			List<Long> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
			this.named.query("SELECT " + COLUMNS + " FROM job WHERE id IN (:ids)",
					new MapSqlParameterSource("ids", chunk), (ResultSet rs) -> {
						JobRow row = row(rs);
						rows.put(row.id(), row);
					});
		}
		return rows;
	}

	/**
	 * Mirrors where jobs are assigned.
	 * @param placements job id to agent id (null: unassigned)
	 */
	void mirror(Map<Long, String> placements) {
		Map<String, List<Long>> byAgent = new HashMap<>();
		List<Long> unassigned = new ArrayList<>();
		placements.forEach((jobId, agentId) -> {
			if (agentId == null) {
				unassigned.add(jobId);
			}
			else {
				byAgent.computeIfAbsent(agentId, (key) -> new ArrayList<>()).add(jobId);
			}
		});
		byAgent.forEach((agentId, jobIds) -> update(agentId, jobIds));
		update(null, unassigned);
	}

	private void update(String agentId, List<Long> jobIds) {
		for (int from = 0; from < jobIds.size(); from += CHUNK) {
			List<Long> chunk = jobIds.subList(from, Math.min(jobIds.size(), from + CHUNK));
			this.named.update("UPDATE job SET agent_id = :agent WHERE id IN (:ids)",
					new MapSqlParameterSource("agent", agentId).addValue("ids", chunk));
		}
	}

	private static JobRow row(ResultSet rs) throws SQLException {
		return new JobRow(rs.getLong("id"), rs.getLong("version"), rs.getBoolean("enabled"), rs.getString("spec"),
				rs.getString("agent_id"));
	}

	/**
	 * @param lastChange the id of the newest change row, 0 for none
	 * @param newest when the newest change row was written, null for none
	 */
	record Stamp(long lastChange, Timestamp newest) {

	}

}
