package io.crony.web.execution;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** A run's output and progress as they are produced (server-sent events). */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "Executions")
class OutputStreamController {

	private final OutputStreams streams;

	OutputStreamController(OutputStreams streams) {
		this.streams = streams;
	}

	@GetMapping("/executions/{id}/output/stream")
	@Operation(summary = "Follow a run's output and progress as they are produced (server-sent events)",
			description = "text/event-stream. Events: `output` {offset, text} (keep the first offset characters of "
					+ "the output held, in UTF-16 code units, then append text), `state` {status, progress, message, "
					+ "error} when one changed, and `end` (the same fields) at a final status, after which the "
					+ "stream closes. The output so far and the state are sent at once; a run that has ended gets "
					+ "them and `end` at once. The row is read every crony.web.output-stream.poll-interval (500 ms). "
					+ "At most crony.web.output-stream.max-streams (100) streams are open at once: more is a 429 "
					+ "with Retry-After. Send the bearer token in the Authorization header (fetch streaming), "
					+ "never in the URL.")
	@ApiResponse(responseCode = "200", description = "the event stream",
			content = @Content(mediaType = MediaType.TEXT_EVENT_STREAM_VALUE,
					schema = @Schema(type = "object",
							description = "each event's data: a JSON object, an `output` event's "
									+ "(OutputStreamOutput) or a `state` or `end` event's (OutputStreamState)",
							oneOf = { LiveState.OutputEvent.class, LiveState.StateEvent.class })))
	@ApiResponse(responseCode = "429", description = "every live output stream allowed is open; Retry-After",
			content = @Content(mediaType = "application/problem+json",
					schema = @Schema(ref = "#/components/schemas/Problem")))
	SseEmitter stream(@PathVariable long id) {
		return this.streams.open(id);
	}

}
