package io.crony.agent.async;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * How many attempts of a run ended by moving it to another instance, read from its chain
 * ({@code execution_attempt}): what an agent that takes a run over needs to count its
 * tries as the agent that started it did ({@link io.crony.agent.target.AttemptPolicy}).
 */
public class MovedAttempts {

	private final JdbcTemplate jdbc;

	public MovedAttempts(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Attempts of the execution whose link of the chain says MOVED. */
	int of(long executionId) {
		Integer moved = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM execution_attempt WHERE execution_id = ? AND status = 'MOVED'", Integer.class,
				executionId);
		return (moved != null) ? moved : 0;
	}

}
