package io.crony.agent.target;

import io.crony.common.execution.ExecutionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StatusAnswerTest {

	@Test
	void readsARunningAnswerWithItsProgressKeptWithin0And100() {
		StatusAnswer answer = StatusAnswer.read(200,
				"{\"outcome\":\"RUNNING\",\"progress\":140,\"message\":\"m\",\"resumePayload\":\"p\"}", 4096);
		assertThat(answer).isEqualTo(new StatusAnswer(ExecutionStatus.RUNNING, 100, "m", null, "p", null));
		assertThat(answer.finished()).isFalse();
	}

	@Test
	void readsAFinishedAnswerAsTheAttemptsResult() {
		assertThat(StatusAnswer.read(200, "{\"outcome\":\"SUCCEEDED\",\"output\":\"done\"}", 4096).result())
			.isEqualTo(new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null));
		assertThat(StatusAnswer.read(200, "{\"outcome\":\"FAILED\",\"message\":\"disk full\"}", 4096).result())
			.isEqualTo(new AttemptResult(ExecutionStatus.FAILED, null, "disk full"));
		assertThat(StatusAnswer.read(200, "{\"outcome\":\"FAILED\"}", 4096).result().error())
			.isEqualTo("Status URL answered FAILED");
	}

	@Test
	void findsNoUsableAnswerInAFailedCallNoJsonOrNoKnownOutcome() {
		assertThat(StatusAnswer.read(503, "{\"outcome\":\"SUCCEEDED\"}", 4096).problem())
			.isEqualTo("status URL answered HTTP 503");
		assertThat(StatusAnswer.read(200, "busy", 4096).problem()).isEqualTo("status URL answered no JSON object");
		assertThat(StatusAnswer.read(200, "{\"outcome\":\"DONE\"}", 4096).problem())
			.isEqualTo("status URL answered no outcome of RUNNING, SUCCEEDED or FAILED");
	}

	@Test
	void asksAPathOfTheHostThatTookTheCall() {
		assertThat(HttpTarget.statusAddress("http://10.0.0.7:8080/jobs/run?x=1", "/jobs/42/status"))
			.hasToString("http://10.0.0.7:8080/jobs/42/status");
		assertThat(HttpTarget.statusAddress("http://10.0.0.7:8080/run", "https://status.internal/s?id=42"))
			.hasToString("https://status.internal/s?id=42");
	}

}
