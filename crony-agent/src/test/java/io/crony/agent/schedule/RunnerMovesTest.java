package io.crony.agent.schedule;

import java.nio.file.Path;

import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run that moves: the next attempt starts at once, kept off the instance the run left,
 * without using up the retry policy's attempts; a run that keeps moving stops at the
 * limit.
 */
class RunnerMovesTest {

	@TempDir
	Path spoolDir;

	private RunnerFixture fixture;

	@BeforeEach
	void start() {
		this.fixture = new RunnerFixture(this.spoolDir);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.fixture.close();
	}

	@Test
	void aMoveStartsTheNextAttemptOffTheInstanceAndLeavesTheRetriesAlone() {
		// moved, then failed (the one retry), then succeeded
		Runner runner = this.fixture.runner((attempt) -> switch (attempt) {
			case 1 -> AttemptResult.moved("10.0.0.5:8080", Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED));
			case 2 -> AttemptResult.failed("boom");
			default -> new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null);
		});

		runner.dispatch(RunnerFixture.fire(0, 2));

		RunListener.FinishedRun run = this.fixture.awaitFinished();
		assertThat(run.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(run.attempts()).isEqualTo(3);
		assertThat(this.fixture.calls).extracting(Invocation::attempt).containsExactly(1, 2, 3);
		assertThat(this.fixture.calls).extracting(Invocation::avoid).containsExactly(null, "10.0.0.5:8080", null);
	}

	@Test
	void aRunThatKeepsMovingFailsAtTheLimit() {
		Runner runner = this.fixture
			.runner((attempt) -> AttemptResult.moved("10.0.0.5:8080", Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED)));

		runner.dispatch(RunnerFixture.fire(0, 1));

		RunListener.FinishedRun run = this.fixture.awaitFinished();
		assertThat(run.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(run.error()).endsWith("not moved again: the run moved " + AttemptPolicy.MOVE_LIMIT + " times");
		assertThat(this.fixture.calls).hasSize(AttemptPolicy.MOVE_LIMIT + 1);
	}

}
