package io.crony.common.execution.lifecycle;

import java.util.ArrayList;
import java.util.List;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static io.crony.common.execution.ExecutionStatus.CANCELLED;
import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static io.crony.common.execution.ExecutionStatus.TIMED_OUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ShardTransitionTest {

	@Test
	void theGuardsCompareTheStatusAndTheAttempt() {
		assertThat(ShardTransition.RETRY.set(null)).isEqualTo("status = 'RUNNING'");
		assertThat(ShardTransition.RETRY.where(null))
			.isEqualTo("status IN ('RUNNING', 'FAILED', 'TIMED_OUT') AND attempt < ?");
		assertThat(ShardTransition.END.setTo(null, "?")).isEqualTo("status = ?");
		assertThat(ShardTransition.END.where("s", "?")).isEqualTo(
				"s.status IN ('RUNNING') AND s.attempt = ? AND ? IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED')");
		assertThat(ShardTransition.STOP.set(null, CANCELLED)).isEqualTo("status = 'CANCELLED'");
		assertThatIllegalArgumentException().isThrownBy(() -> ShardTransition.STOP.set(null, SUCCEEDED));
		assertThatIllegalStateException().isThrownBy(() -> ShardTransition.END.set(null));
	}

	@Test
	void theAllowedMovesAreExactlyTheDiagrams() {
		List<String> allowed = new ArrayList<>();
		for (ShardTransition transition : ShardTransition.values()) {
			for (ExecutionStatus current : ExecutionStatus.values()) {
				for (ExecutionStatus target : ExecutionStatus.values()) {
					if (transition.allows(current, 1, target, (transition == ShardTransition.RETRY) ? 2 : 1)) {
						allowed.add(current + " -" + transition + "-> " + target);
					}
				}
			}
		}
		assertThat(allowed).containsExactlyInAnyOrder("RUNNING -END-> SUCCEEDED", "RUNNING -END-> FAILED",
				"RUNNING -END-> TIMED_OUT", "RUNNING -END-> CANCELLED", "RUNNING -RETRY-> RUNNING",
				"FAILED -RETRY-> RUNNING", "TIMED_OUT -RETRY-> RUNNING", "RUNNING -STOP-> CANCELLED",
				"RUNNING -STOP-> TIMED_OUT", "FAILED -STOP-> CANCELLED", "FAILED -STOP-> TIMED_OUT",
				"TIMED_OUT -STOP-> CANCELLED", "TIMED_OUT -STOP-> TIMED_OUT");
	}

	@Test
	void aLateWriteOfAnotherAttemptIsRefused() {
		// an attempt's end lands only on that attempt's row
		assertThat(ShardTransition.END.allows(RUNNING, 2, FAILED, 1)).isFalse();
		// a start replayed, or of an attempt already past, does not restart the row
		assertThat(ShardTransition.RETRY.allows(FAILED, 2, RUNNING, 2)).isFalse();
		assertThat(ShardTransition.RETRY.allows(RUNNING, 3, RUNNING, 2)).isFalse();
	}

	@Test
	void aSucceededOrCancelledShardIsNeverLeft() {
		for (ShardTransition transition : ShardTransition.values()) {
			assertThat(transition.from()).as(transition.name()).doesNotContain(SUCCEEDED, CANCELLED);
		}
		assertThat(ShardTransition.INSERTED).isEqualTo(RUNNING);
		assertThat(ShardTransition.STOP.from()).contains(TIMED_OUT);
	}

}
