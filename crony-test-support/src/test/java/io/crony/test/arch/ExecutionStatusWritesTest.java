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
						jdbc.update("UPDATE workflow_run SET status = ? WHERE id = ?", "FAILED", id);
						jdbc.update("UPDATE execution_shard SET status = ? WHERE execution_id = ?", "FAILED", id);
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

}
