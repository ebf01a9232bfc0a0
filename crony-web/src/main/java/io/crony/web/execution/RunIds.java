package io.crony.web.execution;

import java.sql.SQLException;

import javax.sql.DataSource;

import io.crony.common.execution.ExecutionIds;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The web's one allocator of execution ids ({@link ExecutionIds}): manual runs
 * ({@link RunService}) and the runs upstreams or backfills start take their rows' ids
 * from it, as the agents' claims do from theirs. A block the database cannot give fails
 * as any statement would (a lock wait is a lock wait, retried where the run's writes
 * are), not as an error of its own.
 */
@Component
public class RunIds {

	private final ExecutionIds ids;

	private final JdbcTemplate jdbc;

	@Autowired
	RunIds(DataSource dataSource, JdbcTemplate jdbc) {
		this(new ExecutionIds(dataSource), jdbc);
	}

	public RunIds(ExecutionIds ids, JdbcTemplate jdbc) {
		this.ids = ids;
		this.jdbc = jdbc;
	}

	/** The id of a row about to be inserted. */
	public long next() {
		try {
			return this.ids.next();
		}
		catch (IllegalStateException ex) {
			if (ex.getCause() instanceof SQLException cause) {
				DataAccessException translated = this.jdbc.getExceptionTranslator()
					.translate("taking a block of execution ids", null, cause);
				if (translated != null) {
					throw translated;
				}
			}
			throw new DataAccessResourceFailureException(ex.getMessage(), ex);
		}
	}

}
