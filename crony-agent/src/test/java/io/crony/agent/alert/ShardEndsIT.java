package io.crony.agent.alert;

import io.crony.agent.AgentTestSupport;
import io.crony.alert.AlertFacts;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a sharded run's alert reads from its shard rows in a real MariaDB: the first ten
 * shards that did not succeed are listed, and every timed-out shard is counted, listed or
 * not, so a timeout-only policy sees a shard that timed out after the first ten.
 */
class ShardEndsIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static AgentTestSupport support;

	@BeforeAll
	static void database() {
		support = new AgentTestSupport(services);
	}

	@AfterAll
	static void closeDatabase() throws Exception {
		support.close();
	}

	@Test
	void listsTheFirstTenFailuresAndCountsEveryTimedOutShard() {
		long id = execution();
		// shard 0 succeeded, 1..11 failed, 12 and 13 timed out: both beyond the ten
		// listed
		for (int index = 0; index < 14; index++) {
			String status = (index == 0) ? "SUCCEEDED" : (index < 12) ? "FAILED" : "TIMED_OUT";
			support.jdbc()
				.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, instance, status, attempt,"
						+ " error) VALUES (?, ?, 14, ?, ?, 2, ?)", id, index, "127.0.0.1:" + (9000 + index), status,
						(index == 0) ? null : "shard " + index + " " + status);
		}

		ShardEnds.Ended ended = new ShardEnds(support.jdbc()).of(id, "FAILED", 3);

		assertThat(ended.timedOut()).isEqualTo(2);
		AlertFacts.ShardsEnded facts = ended.facts();
		assertThat(facts.total()).isEqualTo(14);
		assertThat(facts.maxAttempts()).isEqualTo(3);
		assertThat(facts.notSucceeded()).extracting(AlertFacts.ShardEnd::index)
			.containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
		assertThat(facts.notSucceeded().get(0))
			.isEqualTo(new AlertFacts.ShardEnd(1, "127.0.0.1:9001", "FAILED", 2, "shard 1 FAILED"));
		assertThat(facts.unlisted()).isEqualTo(3);
	}

	@Test
	void aRunWithoutShardRowsHasNone() {
		assertThat(new ShardEnds(support.jdbc()).of(execution(), "FAILED", 1)).isNull();
	}

	/** An execution row for the shard rows to hang under. */
	private static long execution() {
		return support.execution("FAILED");
	}

}
