package io.crony.agent.execution;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which servers return the rows a claim made: MariaDB from 10.5 on, however it is named.
 */
class ClaimInsertTest {

	@Test
	void mariaDbFrom105OnReturnsTheRowsAClaimMade() {
		assertThat(ClaimInsert.supportsReturning("10.11.6-MariaDB-0+deb12u1")).isTrue();
		assertThat(ClaimInsert.supportsReturning("5.5.5-10.11.6-MariaDB-0+deb12u1")).isTrue();
		assertThat(ClaimInsert.supportsReturning("11.4.2-MariaDB")).isTrue();
		assertThat(ClaimInsert.supportsReturning("10.5.0-MariaDB")).isTrue();
	}

	@Test
	void olderMariaDbAndMySqlDoNot() {
		assertThat(ClaimInsert.supportsReturning("10.4.32-MariaDB")).isFalse();
		assertThat(ClaimInsert.supportsReturning("5.5.5-10.3.39-MariaDB")).isFalse();
		assertThat(ClaimInsert.supportsReturning("8.0.36")).isFalse();
		assertThat(ClaimInsert.supportsReturning("8.4.0-commercial")).isFalse();
	}

}
