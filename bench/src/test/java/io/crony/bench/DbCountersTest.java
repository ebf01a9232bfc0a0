package io.crony.bench;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DbCountersTest {

	@Test
	void countsWhatEachCounterGrewBy() {
		DbCounters before = DbCounters.of(Map.of("Com_insert", 10L, "Com_update", 5L, "Questions", 100L));
		DbCounters after = DbCounters
			.of(Map.of("Com_insert", 110L, "Com_update", 205L, "Com_select", 50L, "Questions", 460L));

		DbCounters delta = after.since(before);

		assertThat(delta.get("Com_insert")).isEqualTo(100);
		assertThat(delta.get("Com_update")).isEqualTo(200);
		assertThat(delta.get("Com_select")).isEqualTo(50);
		assertThat(delta.get("Com_delete")).isZero();
		assertThat(delta.get("Questions")).isEqualTo(360);
		assertThat(delta.total()).isEqualTo(350);
	}

	@Test
	void printsEachKindPerFireThenTheTotals() {
		DbCounters delta = DbCounters
			.of(Map.of("Com_insert", 100L, "Com_update_multi", 25L, "Com_select", 75L, "Questions", 250L,
					"Handler_write", 100L, "Handler_update", 200L, "Handler_read_key", 102L, "Handler_read_next", 1L,
					"Innodb_buffer_pool_read_requests", 3050L, "Innodb_buffer_pool_write_requests", 1200L));

		assertThat(delta.perFire(100)).isEqualTo("insert 1.00 insert_select 0.00 update 0.00 update_multi 0.25"
				+ " delete 0.00 select 0.75 | total 2.00 | questions 2.50 | rows written 1.00 updated 2.00"
				+ " | index lookups 1.02, rows read on 0.01 | pages read 30.5 changed 12.0");
	}

	@Test
	void saysSoWhenNoFireWasObserved() {
		assertThat(DbCounters.of(Map.of("Com_insert", 3L)).perFire(0)).isEqualTo("no fires");
	}

}
