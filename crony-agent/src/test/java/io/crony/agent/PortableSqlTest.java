package io.crony.agent;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import io.crony.test.arch.PortableSql;
import org.junit.jupiter.api.Test;

import static io.crony.test.arch.PortableSql.Construct.INSERT_IGNORE;
import static io.crony.test.arch.PortableSql.Construct.JOINED_WRITE;
import static io.crony.test.arch.PortableSql.Construct.RETURNING;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's SQL is all on the hot path (claims, records, the spool's replay, async
 * runs, shards): MariaDB/MySQL-only constructs are refused unless kept below, each with
 * why and what TiDB does with it (docs/scaling.md, "Portable SQL"). Reads the sources:
 * under a second.
 */
class PortableSqlTest {

	/** The constructs kept, by source file. */
	private static final Map<String, Set<PortableSql.Construct>> KEPT = Map.of(
			// The claim: a fire's row is made once per (job, instant) whoever inserts it,
			// and a duplicate is not an error that would fail the batch (the spool's
			// replay inserts again what may be there). TiDB runs INSERT IGNORE as MySQL
			// (a duplicate key is a warning). RETURNING is sent only to MariaDB 10.5 and
			// later (read from the server's version): TiDB reports 8.0.11-TiDB-v…, gets
			// the plain insert and the claim reads its rows back, as on MySQL.
			"ClaimInsert", Set.of(INSERT_IGNORE, RETURNING),
			// starts and finishes of many fires in one statement, the execution row
			// joined to a derived table of values: TiDB takes MySQL's multi-table UPDATE
			"JoinedUpdate", Set.of(JOINED_WRITE),
			// the jobs' windows, on the firing path: a batch's windows extended
			// in one UPDATE joined to a derived table of the asks (and, while the lease
			// is
			// unconfirmed, to job), as JoinedUpdate does; those with no row yet made by
			// INSERT IGNORE, so that of two agents making one window the second is left
			// without it instead of failing its batch. TiDB takes both as MySQL does.
			"JobWindows", Set.of(INSERT_IGNORE, JOINED_WRITE),
			// records written once: a fire's closed row inserted where its key has none,
			// a present key left to FINISH's guard instead of failing the batch (a
			// replayed record meets its own row). TiDB runs INSERT IGNORE as MySQL.
			"ClosedInsert", Set.of(INSERT_IGNORE),
			// the RUNNING row of a fire written once whose run outlived the start hold:
			// a present key left to START's guard, as ClosedInsert leaves it to FINISH's
			"RunningInsert", Set.of(INSERT_IGNORE));

	@Test
	void theAgentsSqlHasNoMariaDbOnlyConstructButThoseKept() {
		assertThat(PortableSql.problems(PortableSql.uses(Path.of("src/main/java"), (file) -> true), KEPT)).isEmpty();
	}

}
