package io.crony.web;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import io.crony.test.arch.PortableSql;
import org.junit.jupiter.api.Test;

import static io.crony.test.arch.PortableSql.Construct.ON_DUPLICATE_KEY_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL crony-web runs on the hot path stays portable: the leader (its change poll, its
 * paged reads of table job, the agent_id mirror, the agent roster) and the job writes
 * whose change rows it polls. MariaDB/MySQL-only constructs are refused unless kept
 * below, each with why and what TiDB does with it (docs/scaling.md, "Portable SQL"). The
 * statements MyBatis-Plus builds for JobWrites (INSERT, UPDATE by id and version, DELETE
 * by id) are plain SQL and not in the sources. Off the hot path and not checked: the
 * retention's partition DDL (ExecutionPartitions: ALTER TABLE execution REORGANIZE, ADD
 * and DROP PARTITION, information_schema.PARTITIONS), MariaDB/MySQL's own and run by the
 * leader once an hour at most, never by an agent, and its upsert of the jobs' latest-fire
 * marks before a day is dropped (LastFireMarks: INSERT ... ON DUPLICATE KEY UPDATE, which
 * TiDB runs as MySQL does). Reads the sources: under a second.
 */
class PortableSqlTest {

	private static final Path SOURCES = Path.of("src/main/java");

	/** The constructs kept, by source file. */
	private static final Map<String, Set<PortableSql.Construct>> KEPT = Map.of(
			// the leader records an agent it saw join in one statement whether the row
			// exists or not; TiDB runs INSERT ... ON DUPLICATE KEY UPDATE as MySQL does
			// (VALUES(col) included), and a row per agent is no hot spot
			"AgentTable", Set.of(ON_DUPLICATE_KEY_UPDATE));

	@Test
	void theHotPathsSqlHasNoMariaDbOnlyConstructButThoseKept() {
		assertThat(PortableSql.problems(PortableSql.uses(SOURCES, PortableSqlTest::hotPath), KEPT)).isEmpty();
	}

	/**
	 * Table job is written in SQL only by JobMapper (whose writes only JobWrites calls:
	 * ArchitectureTest), the secret resealing at start (which writes its change rows
	 * itself) and the leader's agent_id mirror (no change: no row).
	 */
	@Test
	void tableJobIsWrittenOnlyWhereItsChangeRowsAreWritten() {
		assertThat(PortableSql.writersOf("job", SOURCES, (file) -> true)).containsExactly("JobMapper", "JobTable",
				"StoredSecrets");
	}

	private static boolean hotPath(String file) {
		return file.startsWith("io/crony/web/cluster/") || file.equals("io/crony/web/db/JobChangeLog.java")
				|| file.equals("io/crony/web/job/JobWrites.java");
	}

}
