package io.crony.web.cluster.leader;

import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Table {@code cluster_request}: operator requests any instance records and the leader
 * carries out, so that no instance forwards anything to the leader.
 */
public class ClusterRequests {

	/** Kind of a request to rebalance the jobs over the live agents. */
	public static final String REBALANCE = "REBALANCE";

	private final JdbcTemplate jdbc;

	ClusterRequests(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Records a request; the leader picks it up on its next pass. */
	public long submit(String kind, String argument, String requestedBy) {
		GeneratedKeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.update((connection) -> {
			var statement = connection.prepareStatement(
					"INSERT INTO cluster_request (kind, argument, requested_by, requested_at) VALUES (?, ?, ?, NOW(3))",
					java.sql.Statement.RETURN_GENERATED_KEYS);
			statement.setString(1, kind);
			statement.setString(2, argument);
			statement.setString(3, requestedBy);
			return statement;
		}, keys);
		return keys.getKey().longValue();
	}

	List<Request> open() {
		return this.jdbc.query("SELECT id, kind, argument FROM cluster_request WHERE done_at IS NULL ORDER BY id",
				(rs, i) -> new Request(rs.getLong("id"), rs.getString("kind"), rs.getString("argument")));
	}

	void done(long id, String result) {
		this.jdbc.update("UPDATE cluster_request SET done_at = NOW(3), result = ? WHERE id = ?", result, id);
	}

	record Request(long id, String kind, String argument) {

	}

}
