package io.crony.test.arch;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionStatusWritesTest {

	@Test
	void aHandWrittenStatusAssignmentInAnExecutionUpdateIsFound() {
		String source = """
				class Store {
					void close(long id) {
						jdbc.update("UPDATE execution SET error = ?, "
								+ "status = 'FAILED' WHERE id = ?", "x", id);
					}
					void aliased() {
						jdbc.update("UPDATE execution e JOIN job j ON j.id = e.job_id SET e.status = 'CANCELLED'");
					}
				}
				""";

		assertThat(ExecutionStatusWrites.problems(source, true)).hasSize(2)
			.allSatisfy((problem) -> assertThat(problem).startsWith("sets execution.status by hand"));
	}

	@Test
	void theMachinesSqlAndOtherTablesPass() {
		String source = """
				class Store {
					// UPDATE execution SET status = 'X' in a comment is no SQL
					void close(long id) {
						jdbc.update("UPDATE execution SET " + RunTransition.CANCEL.set() + ", error = ? WHERE id = ? AND "
								+ RunTransition.CANCEL.where(), "x", id);
						jdbc.update("UPDATE workflow_run SET " + WorkflowRunTransition.REOPEN.set(null)
								+ ", error = NULL WHERE root_id = ? AND " + WorkflowRunTransition.REOPEN.where(null), id);
						jdbc.update("UPDATE backfill SET next_at = ? WHERE id = ?", null, id);
						jdbc.update("UPDATE execution_clear SET status = ? WHERE execution_id = ?", "FAILED", id);
					}
				}
				""";

		assertThat(ExecutionStatusWrites.problems(source, false)).isEmpty();
	}

	@Test
	void onlyAGuardMayConditionAnExecutionUpdateOnTheStatus() {
		String source = """
				class Store {
					void output(long id) {
						jdbc.update("UPDATE execution SET output = ? WHERE id = ? AND status = 'RUNNING'", "x", id);
					}
				}
				""";

		assertThat(ExecutionStatusWrites.problems(source, true)).isEmpty();
		assertThat(ExecutionStatusWrites.problems(source, false)).singleElement()
			.satisfies((problem) -> assertThat(problem).startsWith("updates execution on a hand-written status"));
	}

	@Test
	void theOtherStatusColumnsOfARunsLifeAreWrittenOnlyThroughTheirMachines() {
		// the writes as they stood before their machines
		String source = """
				class Writers {
					void reopen(long root) {
						jdbc.update("UPDATE workflow_run SET status = 'RUNNING', error = NULL, reason = NULL, finished_at = NULL "
								+ "WHERE root_id = ? AND status <> 'RUNNING'", root);
					}
					void shardEnded(long id, int index) {
						jdbc.update("UPDATE execution_shard SET status = ?, output = ? WHERE execution_id = ? AND shard_index = ?",
								"FAILED", null, id, index);
					}
					void attemptEnded(long id, int attempt) {
						jdbc.update("UPDATE execution_attempt SET ended_at = ? WHERE execution_id = ? AND attempt = ? "
								+ "AND status IS NULL", null, id, attempt);
					}
					void shardStarted(long id, int index) {
						jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, status) VALUES (?, ?, 'RUNNING') "
								+ "ON DUPLICATE KEY UPDATE instance = VALUES(instance), status = 'RUNNING'", id, index);
					}
					void pause(long id) {
						jdbc.update("UPDATE backfill b SET b.status = ?, finished_at = ? WHERE id = ?", "PAUSED", null, id);
					}
				}
				""";

		assertThat(ExecutionStatusWrites.problems(source, true)).hasSize(5)
			.anySatisfy((problem) -> assertThat(problem)
				.startsWith("sets workflow_run.status by hand, not through WorkflowRunTransition"))
			.anySatisfy((problem) -> assertThat(problem)
				.startsWith("sets execution_shard.status by hand, not through ShardTransition"))
			.anySatisfy((problem) -> assertThat(problem).startsWith(
					"updates execution_attempt on a hand-written status condition, not AttemptTransition's guard"))
			.anySatisfy((problem) -> assertThat(problem)
				.startsWith("upserts execution_shard.status by hand, not through ShardTransition"))
			.anySatisfy((problem) -> assertThat(problem)
				.startsWith("sets backfill.status by hand, not through BackfillTransition"));
	}

}
