package io.crony.web.workflow;

import java.sql.PreparedStatement;
import java.sql.Statement;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * An insert that answers the new row's id from the statement itself: outside a
 * transaction each JdbcTemplate call may take another pooled connection, so a following
 * {@code SELECT LAST_INSERT_ID()} could read another connection's.
 */
final class Inserts {

	private Inserts() {
	}

	/** Runs {@code sql} with {@code args}; the new row's generated id. */
	static long returningId(JdbcTemplate jdbc, String sql, Object... args) {
		KeyHolder key = new GeneratedKeyHolder();
		jdbc.update((connection) -> {
			PreparedStatement insert = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS);
			for (int i = 0; i < args.length; i++) {
				insert.setObject(i + 1, args[i]);
			}
			return insert;
		}, key);
		return key.getKey().longValue();
	}

}
