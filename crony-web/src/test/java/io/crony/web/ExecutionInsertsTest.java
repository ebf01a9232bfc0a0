package io.crony.web;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import io.crony.test.arch.ExecutionInserts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every row crony-web inserts into {@code execution} has its id taken ahead (crony-common
 * ExecutionIds, docs/architecture.md "Execution ids"): an insert that left the id to
 * {@code AUTO_INCREMENT} would take ids out of other writers' blocks. Reads the sources
 * and one annotation: under a second.
 */
class ExecutionInsertsTest {

	@Test
	void everyInsertIntoExecutionNamesItsId() {
		// ReleasedRuns: a run upstreams or a backfill start
		assertThat(ExecutionInserts.in(Path.of("src/main/java"))).isEqualTo(Map.of("ReleasedRuns", List.of("id")));
	}

	@Test
	void theManualRunsRowIsInsertedWithTheIdItWasGiven() throws Exception {
		// MyBatis-Plus builds RunService's insert: IdType.INPUT names the id set before
		TableId id = Class.forName("io.crony.web.execution.ExecutionEntity")
			.getDeclaredField("id")
			.getAnnotation(TableId.class);
		assertThat(id.type()).isEqualTo(IdType.INPUT);
	}

}
