package io.crony.web.job;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobNamesTest {

	private final JobNames names = new JobNames();

	@Test
	void takesNamesThatDifferInCaseOrAccentsForOneAsTheUniqueKeyDoes() {
		assertThat(this.names.key("Settle-Orders")).isEqualTo(this.names.key("settle-orders"));
		assertThat(this.names.key("café")).isEqualTo(this.names.key("cafe"));
	}

	@Test
	void tellsOtherNamesApart() {
		assertThat(this.names.key("settle-orders")).isNotEqualTo(this.names.key("settle_orders"));
		assertThat(this.names.key("job-1")).isNotEqualTo(this.names.key("job-10"));
	}

}
