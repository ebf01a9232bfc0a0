package io.crony.web.job;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobFilterTest {

	@Test
	void escapesLikeWildcardsInTheName() {
		assertThat(new JobFilter("50%_off\\x", null, null, null).nameLike()).isEqualTo("50\\%\\_off\\\\x");
	}

	@Test
	void doesNotFilterOnAnEmptyName() {
		assertThat(new JobFilter("", null, null, null).nameLike()).isNull();
		assertThat(new JobFilter(null, null, null, null).nameLike()).isNull();
	}

}
