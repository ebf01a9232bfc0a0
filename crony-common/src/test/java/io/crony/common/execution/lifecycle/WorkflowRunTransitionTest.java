package io.crony.common.execution.lifecycle;

import java.util.ArrayList;
import java.util.List;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class WorkflowRunTransitionTest {

	@Test
	void theGuardsCompareTheStatus() {
		assertThat(WorkflowRunTransition.REOPEN.set(null)).isEqualTo("status = 'RUNNING'");
		assertThat(WorkflowRunTransition.REOPEN.where("w")).isEqualTo("w.status IN ('SUCCEEDED', 'FAILED')");
		assertThat(WorkflowRunTransition.END.set(null, FAILED)).isEqualTo("status = 'FAILED'");
		assertThat(WorkflowRunTransition.END.where(null)).isEqualTo("status IN ('RUNNING')");
		assertThatIllegalArgumentException().isThrownBy(() -> WorkflowRunTransition.END.set(null, RUNNING));
		assertThatIllegalStateException().isThrownBy(() -> WorkflowRunTransition.END.set(null));
	}

	@Test
	void theAllowedMovesAreExactlyTheDiagrams() {
		List<String> allowed = new ArrayList<>();
		for (WorkflowRunTransition transition : WorkflowRunTransition.values()) {
			for (ExecutionStatus current : ExecutionStatus.values()) {
				for (ExecutionStatus target : ExecutionStatus.values()) {
					if (transition.allows(current, target)) {
						allowed.add(current + " -" + transition + "-> " + target);
					}
				}
			}
		}
		assertThat(allowed).containsExactlyInAnyOrder("RUNNING -END-> SUCCEEDED", "RUNNING -END-> FAILED",
				"SUCCEEDED -REOPEN-> RUNNING", "FAILED -REOPEN-> RUNNING");
		assertThat(WorkflowRunTransition.INSERTED).isEqualTo(RUNNING);
		// a second clear, or the leader ending a run cleared meanwhile, changes nothing
		assertThat(WorkflowRunTransition.REOPEN.allows(RUNNING, RUNNING)).isFalse();
		assertThat(WorkflowRunTransition.END.allows(SUCCEEDED, FAILED)).isFalse();
	}

}
