package io.crony.sdk.spring;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import io.crony.sdk.CronyTransport;
import io.crony.sdk.Execution;
import io.crony.sdk.Outcome;
import io.crony.sdk.Result;

/**
 * The HTTP form of {@code JobTarget.Execute} (docs/targets.md, "The contract the SDK
 * speaks"): the run's params as body, the {@code X-Crony-*} headers, the result as JSON:
 * 200, 202 for ACCEPTED, 404 for an unknown handler, 400 for a malformed header.
 */
@RestController
class HttpJobEndpoint {

	static final String PATH = "/crony/jobs/{name}";

	private final JobDispatcher dispatcher;

	HttpJobEndpoint(JobDispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@PostMapping(PATH)
	ResponseEntity<Result> execute(@PathVariable String name, @RequestHeader HttpHeaders headers,
			@RequestBody(required = false) byte[] body) {
		JobRequest request;
		try {
			request = request(name, headers, body);
		}
		catch (IllegalArgumentException ex) {
			return ResponseEntity.badRequest().body(Result.failed("crony: " + ex.getMessage()));
		}
		return this.dispatcher.dispatch(request)
			.map((result) -> ResponseEntity
				.status((result.outcome() == Outcome.ACCEPTED) ? HttpStatus.ACCEPTED : HttpStatus.OK)
				.body(result))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
				.body(Result.failed(this.dispatcher.unknownHandler(name))));
	}

	private static JobRequest request(String name, HttpHeaders headers, byte[] body) {
		String token = headers.getFirst("X-Crony-Token");
		Execution execution = new Execution(number(headers, "X-Crony-Execution-Id"), (token != null) ? token : "",
				headers.getFirst(CronyTransport.TRACEPARENT_HEADER));
		int shardTotal = shardNumber(headers, "X-Crony-Shard-Total");
		String total = headers.getFirst("X-Crony-Shard-Total");
		if (total != null && !total.isEmpty() && shardTotal < 1) {
			throw new IllegalArgumentException("header X-Crony-Shard-Total=" + shardTotal + " is not at least 1");
		}
		int shardIndex = shardNumber(headers, "X-Crony-Shard-Index");
		try {
			return new JobRequest(execution, number(headers, "X-Crony-Job-Id"), headers.getFirst("X-Crony-Job-Name"),
					name, time(headers, "X-Crony-Scheduled-At"), (int) number(headers, "X-Crony-Attempt"),
					headers.getFirst("X-Crony-Trigger"), (body != null) ? new String(body, StandardCharsets.UTF_8) : "",
					base64(headers, "X-Crony-Resume-Payload"), time(headers, "X-Crony-Deadline"), shardIndex,
					shardTotal, base64(headers, "X-Crony-Shard-Params"));
		}
		catch (IllegalArgumentException ex) {
			if (ex.getMessage().startsWith("shard ")) {
				throw new IllegalArgumentException(
						"headers X-Crony-Shard-Index/X-Crony-Shard-Total: " + ex.getMessage(), ex);
			}
			throw ex;
		}
	}

	/** A shard header: an integer in int range (the gRPC contract's int32). */
	private static int shardNumber(HttpHeaders headers, String name) {
		long value = number(headers, name);
		if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("header " + name + "=" + value + " is out of range");
		}
		return (int) value;
	}

	private static long number(HttpHeaders headers, String name) {
		String value = headers.getFirst(name);
		if (value == null || value.isEmpty()) {
			return 0;
		}
		try {
			return Long.parseLong(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("header " + name + "=\"" + value + "\" is not an integer");
		}
	}

	private static Instant time(HttpHeaders headers, String name) {
		String value = headers.getFirst(name);
		if (value == null || value.isEmpty()) {
			return null;
		}
		try {
			return OffsetDateTime.parse(value).toInstant();
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("header " + name + "=\"" + value + "\" is not an RFC 3339 time");
		}
	}

	/** A base64 header's UTF-8 text; {@code null} when the header is absent or empty. */
	private static String base64(HttpHeaders headers, String name) {
		String value = headers.getFirst(name);
		if (value == null || value.isEmpty()) {
			return null;
		}
		try {
			return new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("header " + name + " is not base64");
		}
	}

}
