package io.crony.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.crony.test.arch.ExecutionInserts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every row the agent inserts into {@code execution} has its id taken ahead (crony-common
 * ExecutionIds, docs/architecture.md "Execution ids"): an insert that left the id to
 * {@code AUTO_INCREMENT} would take ids out of other writers' blocks. Reads the sources:
 * under a second.
 */
class ExecutionInsertsTest {

	@Test
	void everyInsertIntoExecutionNamesItsId() {
		// ClaimInsert: the claim and the held-only claim; ClosedInsert and RunningInsert:
		// a record written once, closed or RUNNING, with the id its run was called with
		assertThat(ExecutionInserts.in(Path.of("src/main/java"))).isEqualTo(Map.of("ClaimInsert", List.of("id", "id"),
				"ClosedInsert", List.of("id"), "RunningInsert", List.of("id")));
	}

}
