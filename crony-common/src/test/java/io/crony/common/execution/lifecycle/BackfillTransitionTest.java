package io.crony.common.execution.lifecycle;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.crony.common.execution.lifecycle.BackfillStatus.PAUSED;
import static io.crony.common.execution.lifecycle.BackfillStatus.RUNNING;
import static io.crony.common.execution.lifecycle.BackfillStatus.SUCCEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BackfillTransitionTest {

	@Test
	void theGuardsCompareTheStatus() {
		assertThat(BackfillTransition.PAUSE.set(null)).isEqualTo("status = 'PAUSED'");
		assertThat(BackfillTransition.CANCEL.where(null)).isEqualTo("status IN ('RUNNING', 'PAUSED')");
		assertThat(BackfillTransition.END.set("b", SUCCEEDED)).isEqualTo("b.status = 'SUCCEEDED'");
		assertThat(BackfillTransition.END.where("b")).isEqualTo("b.status IN ('RUNNING')");
		assertThatIllegalArgumentException().isThrownBy(() -> BackfillTransition.END.set(null, PAUSED));
	}

	@Test
	void theAllowedMovesAreExactlyTheDiagrams() {
		List<String> allowed = new ArrayList<>();
		for (BackfillTransition transition : BackfillTransition.values()) {
			for (BackfillStatus current : BackfillStatus.values()) {
				for (BackfillStatus target : BackfillStatus.values()) {
					if (transition.allows(current, target)) {
						allowed.add(current + " -" + transition + "-> " + target);
					}
				}
			}
		}
		assertThat(allowed).containsExactlyInAnyOrder("RUNNING -PAUSE-> PAUSED", "PAUSED -RESUME-> RUNNING",
				"RUNNING -CANCEL-> CANCELLED", "PAUSED -CANCEL-> CANCELLED", "RUNNING -END-> SUCCEEDED",
				"RUNNING -END-> FAILED");
		assertThat(BackfillTransition.INSERTED).isEqualTo(RUNNING);
	}

}
