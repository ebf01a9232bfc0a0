package io.crony.sdk.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.crony.sdk.Execution;
import io.crony.sdk.Outcome;
import io.crony.sdk.Progress;
import io.crony.sdk.Result;

/**
 * Stands in for crony-web's report endpoints in tests: serves {@code POST
 * /api/v1/executions/{id}/result} and {@code /progress} on a loopback port as crony-web
 * does (token check, validation, a field crony-web does not know refused with a 400
 * naming it, {@code applied=false} once a run has finished, RFC 7807 problem details) and
 * records what it was told, requests to move a run to another instance included. Point a
 * client at {@link #url()}. Safe for concurrent use; close it when done.
 */
public final class FakeCronyWeb implements AutoCloseable {

	private static final Pattern PATH = Pattern.compile("/api/v1/executions/(\\d+)/(result|progress)");

	private static final ObjectMapper JSON = new ObjectMapper();

	// the fields crony-web's report bodies have; any other is refused, as crony-web does
	private static final TypeReference<Map<String, Object>> OUTPUTS = new TypeReference<>() {
	};

	private static final List<String> RESULT_FIELDS = List.of("message", "outcome", "output", "outputs");

	private static final List<String> PROGRESS_FIELDS = List.of("message", "progress", "rebalance", "resumePayload");

	private final SecureRandom random = new SecureRandom();

	private final Map<Long, Run> runs = new HashMap<>();

	private final Queue<Integer> failures = new ArrayDeque<>();

	private final AtomicInteger requests = new AtomicInteger();

	private final HttpServer server;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private long nextId = 1000;

	private FakeCronyWeb() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/api/v1/executions/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	/** Starts a fake on a free loopback port. */
	public static FakeCronyWeb start() {
		try {
			return new FakeCronyWeb();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start the fake crony-web", ex);
		}
	}

	/** The base URL to give a client, such as {@code http://127.0.0.1:41234}. */
	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/**
	 * Registers a RUNNING execution with a fresh id and token, as if an agent had just
	 * fired it.
	 */
	public synchronized Execution newExecution() {
		byte[] token = new byte[16];
		this.random.nextBytes(token);
		Execution execution = new Execution(++this.nextId, HexFormat.of().formatHex(token));
		this.runs.put(execution.id(), new Run(execution.token()));
		return execution;
	}

	/**
	 * Sets an execution's status, to play a run that timed out ({@code TIMED_OUT}) or was
	 * cancelled: later reports answer {@code applied=false}.
	 */
	public synchronized void setStatus(long id, String status) {
		run(id).status = status;
	}

	/**
	 * Makes the next {@code count} requests fail with {@code status} before they are
	 * looked at.
	 */
	public synchronized void failNext(int count, int status) {
		for (int i = 0; i < count; i++) {
			this.failures.add(status);
		}
	}

	/** The execution's status: RUNNING until a result is applied. */
	public synchronized String status(long id) {
		return run(id).status;
	}

	/** The result applied to the execution, if any. */
	public synchronized Optional<Result> result(long id) {
		return Optional.ofNullable(run(id).result);
	}

	/**
	 * The progress reports applied to the execution, oldest first; a request to move the
	 * run to another instance has {@link Progress#rebalance()} set.
	 */
	public synchronized List<Progress> progress(long id) {
		return List.copyOf(run(id).progress);
	}

	/** How many requests arrived, refused and failed ones included. */
	public int requests() {
		return this.requests.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	private Run run(long id) {
		Run run = this.runs.get(id);
		if (run == null) {
			throw new IllegalArgumentException("no execution " + id + " in this fake");
		}
		return run;
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange; InputStream in = exchange.getRequestBody()) {
			this.requests.incrementAndGet();
			byte[] body = in.readAllBytes();
			Matcher path = PATH.matcher(exchange.getRequestURI().getPath());
			if (!"POST".equals(exchange.getRequestMethod()) || !path.matches()) {
				send(exchange, 404, problem(404, "Not Found", "no such endpoint", null));
				return;
			}
			Answer answer = answer(Long.parseLong(path.group(1)), path.group(2),
					exchange.getRequestHeaders().getFirst("X-Crony-Token"), body);
			send(exchange, answer.status, answer.body);
		}
	}

	private synchronized Answer answer(long id, String what, String token, byte[] body) {
		Integer failure = this.failures.poll();
		if (failure != null) {
			return new Answer(failure, problem(failure, "Injected failure", "the fake was told to fail", null));
		}
		Run run = this.runs.get(id);
		if (run == null) {
			return new Answer(404, problem(404, "Not Found", "no execution " + id, null));
		}
		if (token == null || !token.equals(run.token)) {
			return new Answer(401, problem(401, "Unauthorized", "wrong execution token", null));
		}
		JsonNode report;
		try {
			report = JSON.readTree(body);
		}
		catch (IOException ex) {
			return new Answer(400, problem(400, "Bad Request", "the body is not JSON", null));
		}
		return "result".equals(what) ? applyResult(id, run, report) : applyProgress(id, run, report);
	}

	// As crony-web: an invalid report is refused (400) before a finished run answers
	// applied=false
	private Answer applyResult(long id, Run run, JsonNode report) {
		Answer unknown = unknownField(report, RESULT_FIELDS);
		if (unknown != null) {
			return unknown;
		}
		String outcome = report.path("outcome").asText();
		if (!Outcome.SUCCEEDED.name().equals(outcome) && !Outcome.FAILED.name().equals(outcome)) {
			return new Answer(400, problem(400, "Bad Request", "invalid report", "outcome"));
		}
		if (!"RUNNING".equals(run.status)) {
			return notApplied(id, run);
		}
		JsonNode outputs = report.get("outputs");
		if (outputs != null && !outputs.isNull() && !outputs.isObject()) {
			return new Answer(400,
					problem(400, "Bad Request", "outputs: must be a JSON object", "outputs", "must be a JSON object"));
		}
		run.result = new Result(Outcome.valueOf(outcome), textOrNull(report, "message"), textOrNull(report, "output"),
				(outputs != null && outputs.isObject()) ? JSON.convertValue(outputs, OUTPUTS) : null);
		run.status = outcome;
		return new Answer(200, answerJson(true, run.status, null));
	}

	private Answer applyProgress(long id, Run run, JsonNode report) {
		Answer unknown = unknownField(report, PROGRESS_FIELDS);
		if (unknown != null) {
			return unknown;
		}
		JsonNode percent = report.get("progress");
		if (percent == null || !percent.isInt() || percent.asInt() < 0 || percent.asInt() > 100) {
			return new Answer(400, problem(400, "Bad Request", "invalid report", "progress"));
		}
		JsonNode rebalance = report.get("rebalance");
		if (rebalance != null && !rebalance.isBoolean() && !rebalance.isNull()) {
			return new Answer(400,
					problem(400, "Bad Request", "rebalance: must be a boolean", "rebalance", "must be a boolean"));
		}
		if (!"RUNNING".equals(run.status)) {
			return notApplied(id, run);
		}
		// a rebalance leaves the run RUNNING: it goes on at another instance
		run.progress.add(new Progress(percent.asInt(), textOrNull(report, "resumePayload"),
				textOrNull(report, "message"), rebalance != null && rebalance.asBoolean()));
		return new Answer(200, answerJson(true, run.status, null));
	}

	/**
	 * As crony-web: the first field it does not know (say {@code params}) is a 400 naming
	 * it, and nothing is recorded.
	 */
	private static Answer unknownField(JsonNode report, List<String> known) {
		var names = report.fieldNames();
		while (names.hasNext()) {
			String name = names.next();
			if (!known.contains(name)) {
				String message = "unknown field; the known fields here are " + known;
				return new Answer(400, problem(400, "Bad Request", name + ": " + message, name, message));
			}
		}
		return null;
	}

	private static Answer notApplied(long id, Run run) {
		return new Answer(200, answerJson(false, run.status,
				"Execution " + id + " is " + run.status + "; the report changed nothing"));
	}

	private static String textOrNull(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value == null || value.isNull()) ? null : value.asText();
	}

	private static byte[] answerJson(boolean applied, String status, String message) {
		var answer = JSON.createObjectNode().put("applied", applied).put("status", status);
		if (message != null) {
			answer.put("message", message);
		}
		return answer.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] problem(int status, String title, String detail, String badField) {
		return problem(status, title, detail, badField, "is invalid");
	}

	private static byte[] problem(int status, String title, String detail, String badField, String fieldMessage) {
		var problem = JSON.createObjectNode()
			.put("type", "about:blank")
			.put("title", title)
			.put("status", status)
			.put("detail", detail);
		var errors = problem.putArray("errors");
		if (badField != null) {
			errors.addObject().put("field", badField).put("message", fieldMessage);
		}
		return problem.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
		exchange.getResponseHeaders()
			.set("Content-Type", (status / 100 == 2) ? "application/json" : "application/problem+json");
		exchange.sendResponseHeaders(status, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

	private static final class Run {

		private final String token;

		private String status = "RUNNING";

		private Result result;

		private final List<Progress> progress = new ArrayList<>();

		Run(String token) {
			this.token = token;
		}

	}

	private record Answer(int status, byte[] body) {

	}

}
