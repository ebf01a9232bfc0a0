package io.crony.sdk;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The client's retry and error rules, over a scripted transport (no I/O). */
class HttpCronyClientTest {

	private static final Execution EXECUTION = new Execution(42, "t0k3n");

	private static final String APPLIED = "{\"applied\":true,\"status\":\"SUCCEEDED\"}";

	@Test
	void postsTheResultToTheExecutionsPathWithTheToken() {
		ScriptedTransport transport = new ScriptedTransport().answer(200, APPLIED);
		try (CronyClient client = client(transport, 3)) {
			ReportResponse response = client.reportResult(EXECUTION, Result.succeeded("done").withOutput("12 orders"));
			assertThat(response).isEqualTo(new ReportResponse(true, "SUCCEEDED", null));
		}
		assertThat(transport.paths).containsExactly("/api/v1/executions/42/result");
		assertThat(transport.tokens).containsExactly("t0k3n");
		assertThat(transport.bodies)
			.containsExactly("{\"outcome\":\"SUCCEEDED\",\"message\":\"done\",\"output\":\"12 orders\"}");
	}

	@Test
	void sendsProgressWithItsResumePayload() {
		ScriptedTransport transport = new ScriptedTransport().answer(200, "{\"applied\":true,\"status\":\"RUNNING\"}");
		client(transport, 3).reportProgress(EXECUTION, Progress.of(50, "shard-5"));
		assertThat(transport.paths).containsExactly("/api/v1/executions/42/progress");
		assertThat(transport.bodies).containsExactly("{\"progress\":50,\"resumePayload\":\"shard-5\"}");
	}

	@Test
	void requestsARebalanceWithTheResumePayload() {
		ScriptedTransport transport = new ScriptedTransport().answer(200, "{\"applied\":true,\"status\":\"RUNNING\"}");
		ReportResponse response = client(transport, 3).requestRebalance(EXECUTION, 30, "{\"offset\":300000}");
		assertThat(response).isEqualTo(new ReportResponse(true, "RUNNING", null));
		assertThat(transport.paths).containsExactly("/api/v1/executions/42/progress");
		assertThat(transport.bodies)
			.containsExactly("{\"progress\":30,\"resumePayload\":\"{\\\"offset\\\":300000}\",\"rebalance\":true}");
	}

	@Test
	void leavesRebalanceOutOfPlainProgress() {
		ScriptedTransport transport = new ScriptedTransport().answer(200, "{\"applied\":true,\"status\":\"RUNNING\"}");
		client(transport, 3).reportProgress(EXECUTION, new Progress(5, null, "starting"));
		assertThat(transport.bodies).containsExactly("{\"progress\":5,\"message\":\"starting\"}");
		assertThat(Progress.rebalance(5, "p")).isEqualTo(new Progress(5, "p", null, true));
		assertThat(Progress.of(5, "p").rebalance()).isFalse();
	}

	@Test
	void refusesARebalanceOutsideTheRangeBeforeSendingIt() {
		ScriptedTransport transport = new ScriptedTransport();
		assertThatExceptionOfType(InvalidReportException.class)
			.isThrownBy(() -> client(transport, 1).requestRebalance(EXECUTION, 101, "p"));
		assertThat(transport.paths).isEmpty();
	}

	@Test
	void retriesNetworkErrorsAndGatewayAnswersUntilOneIsApplied() {
		ScriptedTransport transport = new ScriptedTransport().fail()
			.answer(502, "")
			.answer(503, "")
			.answer(504, "")
			.answer(200, APPLIED);
		ReportResponse response = client(transport, 5).reportResult(EXECUTION, Result.succeeded("done"));
		assertThat(response.applied()).isTrue();
		assertThat(transport.paths).hasSize(5);
	}

	@Test
	void givesUpAfterMaxAttemptsWithTheLastCause() {
		ScriptedTransport transport = new ScriptedTransport().fail().fail().answer(503, "busy");
		assertThatExceptionOfType(CronyRequestException.class)
			.isThrownBy(() -> client(transport, 3).reportResult(EXECUTION, Result.failed("boom")))
			.satisfies((ex) -> {
				assertThat(ex.attempts()).isEqualTo(3);
				assertThat(ex.executionId()).isEqualTo(42);
				assertThat(ex.getCause()).hasMessageContaining("HTTP 503 busy");
			});
	}

	@Test
	void neverRetriesARefusal() {
		ScriptedTransport transport = new ScriptedTransport().answer(401,
				"{\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"wrong execution token\"}");
		assertThatExceptionOfType(InvalidTokenException.class)
			.isThrownBy(() -> client(transport, 3).reportResult(EXECUTION, Result.succeeded("done")))
			.satisfies((ex) -> {
				assertThat(ex.status()).isEqualTo(401);
				assertThat(ex.detail()).isEqualTo("wrong execution token");
			});
		assertThat(transport.paths).hasSize(1);
	}

	@Test
	void mapsEachRefusalToItsType() {
		assertThat(refusal(404)).isInstanceOf(ExecutionNotFoundException.class);
		assertThat(refusal(403)).isInstanceOf(InvalidTokenException.class);
		assertThat(refusal(400)).isInstanceOf(InvalidReportException.class);
		assertThat(refusal(422)).isInstanceOf(InvalidReportException.class);
		assertThat(refusal(409)).isInstanceOf(AlreadyFinishedException.class);
		assertThat(refusal(500)).isExactlyInstanceOf(CronyRefusedException.class);
	}

	@Test
	void namesTheFieldsCronyWebNamed() {
		ScriptedTransport transport = new ScriptedTransport().answer(400, """
				{"title":"Bad Request","status":400,"detail":"invalid report",
				 "errors":[{"field":"progress","message":"must be between 0 and 100"}]}""");
		assertThatExceptionOfType(InvalidReportException.class)
			.isThrownBy(() -> client(transport, 1).reportProgress(EXECUTION, Progress.of(5)))
			.satisfies((ex) -> assertThat(ex.fieldErrors())
				.containsExactly(new FieldError("progress", "must be between 0 and 100")))
			.withMessage("crony: 400 Bad Request: invalid report (progress: must be between 0 and 100)");
	}

	@Test
	void keepsABodyThatIsNoProblemDetailsAsTheDetail() {
		ScriptedTransport transport = new ScriptedTransport().answer(500, "<html>oops</html>");
		assertThatExceptionOfType(CronyRefusedException.class)
			.isThrownBy(() -> client(transport, 3).reportResult(EXECUTION, Result.succeeded("done")))
			.satisfies((ex) -> assertThat(ex.detail()).isEqualTo("<html>oops</html>"));
	}

	@Test
	void refusesBadReportsBeforeSendingThem() {
		ScriptedTransport transport = new ScriptedTransport();
		CronyClient client = client(transport, 3);
		assertThatExceptionOfType(InvalidReportException.class)
			.isThrownBy(() -> client.reportResult(EXECUTION, Result.accepted()))
			.satisfies((ex) -> assertThat(ex.status()).isZero());
		assertThatExceptionOfType(InvalidReportException.class)
			.isThrownBy(() -> client.reportProgress(EXECUTION, Progress.of(101)));
		assertThatExceptionOfType(InvalidReportException.class)
			.isThrownBy(() -> client.reportProgress(EXECUTION, Progress.of(-1)));
		assertThat(transport.paths).isEmpty();
	}

	@Test
	void turnsAppliedFalseIntoAnExceptionOnlyWhenAsked() {
		ScriptedTransport transport = new ScriptedTransport().answer(200,
				"{\"applied\":false,\"status\":\"TIMED_OUT\"}");
		ReportResponse response = client(transport, 3).reportResult(EXECUTION, Result.succeeded("late"));
		assertThat(response.applied()).isFalse();
		assertThatExceptionOfType(AlreadyFinishedException.class).isThrownBy(response::requireApplied)
			.satisfies((ex) -> assertThat(ex.runStatus()).isEqualTo("TIMED_OUT"));
	}

	@Test
	void keepsTheTokenOutOfToString() {
		assertThat(EXECUTION.toString()).doesNotContain("t0k3n").contains("42");
	}

	private static CronyRefusedException refusal(int status) {
		return HttpCronyClient.refusal(new CronyTransport.Answer(status, "{\"title\":\"x\"}".getBytes()));
	}

	private static CronyClient client(CronyTransport transport, int attempts) {
		return CronyClient
			.create(CronyClientOptions.builder().transport(transport).retry(attempts, Duration.ofMillis(1)).build());
	}

	/** Answers each request with the next scripted answer or network error. */
	private static final class ScriptedTransport implements CronyTransport {

		private final Deque<Object> script = new ArrayDeque<>();

		private final List<String> paths = new ArrayList<>();

		private final List<String> tokens = new ArrayList<>();

		private final List<String> bodies = new ArrayList<>();

		ScriptedTransport answer(int status, String body) {
			this.script.add(new Answer(status, body.getBytes(StandardCharsets.UTF_8)));
			return this;
		}

		ScriptedTransport fail() {
			this.script.add(new ConnectException("Connection refused"));
			return this;
		}

		@Override
		public Answer post(long executionId, String report, String token, byte[] json) throws IOException {
			this.paths.add("/api/v1/executions/" + executionId + "/" + report);
			this.tokens.add(token);
			this.bodies.add(new String(json, StandardCharsets.UTF_8));
			Object next = this.script.removeFirst();
			if (next instanceof IOException ex) {
				throw ex;
			}
			return (Answer) next;
		}

	}

}
