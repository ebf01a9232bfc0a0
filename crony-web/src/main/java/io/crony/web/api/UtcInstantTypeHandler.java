package io.crony.web.api;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

import io.crony.common.sql.SqlTime;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.JdbcType;

/**
 * Binds an {@link Instant} as a UTC {@code DATETIME} literal with its milliseconds
 * ({@link SqlTime}): bound as a {@code Timestamp} it would lose them, which would make
 * {@code (job_id, scheduled_at)} claims a second wide.
 */
public class UtcInstantTypeHandler extends BaseTypeHandler<Instant> {

	@Override
	public void setNonNullParameter(PreparedStatement ps, int i, Instant parameter, JdbcType jdbcType)
			throws SQLException {
		ps.setString(i, SqlTime.of(parameter));
	}

	@Override
	public Instant getNullableResult(ResultSet rs, String columnName) throws SQLException {
		return toInstant(rs.getTimestamp(columnName));
	}

	@Override
	public Instant getNullableResult(ResultSet rs, int columnIndex) throws SQLException {
		return toInstant(rs.getTimestamp(columnIndex));
	}

	@Override
	public Instant getNullableResult(CallableStatement cs, int columnIndex) throws SQLException {
		return toInstant(cs.getTimestamp(columnIndex));
	}

	private static Instant toInstant(Timestamp timestamp) {
		return (timestamp != null) ? timestamp.toInstant() : null;
	}

}
