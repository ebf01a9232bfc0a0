package io.crony.common.output;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;

/**
 * What a run publishes for its downstream jobs: a small JSON object ("outputs"), from the
 * {@code outputs} member of a target's JSON answer or from an SDK's result report. Kept
 * small on purpose (at most {@link #LIMIT} bytes as compact UTF-8 JSON): it is copied
 * into every downstream run that reads it, so it carries values (a date, a count, a
 * path), not data. An outputs object over the limit is refused as a whole, never cut: the
 * run that published it fails, saying so.
 */
public final class RunOutputs {

	/** The most a run may publish: 4 KiB of compact UTF-8 JSON. */
	public static final int LIMIT = 4096;

	/** The member of a target's JSON answer that holds its outputs. */
	public static final String MEMBER = "outputs";

	private RunOutputs() {
	}

	/**
	 * Reads outputs as a run publishes them.
	 * @param json the outputs, a JSON object; null or blank means none
	 * @return the outputs as compact JSON, null when there are none
	 * @throws OutputsException when they are not a JSON object or are over {@link #LIMIT}
	 */
	public static String publish(String json) {
		if (json == null || json.isBlank()) {
			return null;
		}
		JsonNode node;
		try {
			node = CronyJson.mapper().readTree(json);
		}
		catch (JsonProcessingException ex) {
			throw new OutputsException("outputs are not JSON: " + ex.getOriginalMessage());
		}
		return publish(node);
	}

	/**
	 * The outputs of a target's answer: the {@code outputs} member of a JSON object body,
	 * e.g. {@code {"outputs": {"day": "20260301", "rows": 42}}}.
	 * @param body the answer's body, may be null
	 * @return the outputs as compact JSON, null when the body is not a JSON object or has
	 * no {@code outputs} member
	 * @throws OutputsException when {@code outputs} is not an object or is over
	 * {@link #LIMIT}
	 */
	public static String fromAnswer(String body) {
		if (body == null || !body.stripLeading().startsWith("{")) {
			return null;
		}
		JsonNode node;
		try {
			node = CronyJson.mapper().readTree(body);
		}
		catch (JsonProcessingException ex) {
			// a body that is not JSON publishes nothing: most targets answer text
			return null;
		}
		JsonNode outputs = node.get(MEMBER);
		return (outputs == null || outputs.isNull()) ? null : publish(outputs);
	}

	private static String publish(JsonNode node) {
		if (!node.isObject()) {
			throw new OutputsException("outputs must be a JSON object of named values, not " + kind(node));
		}
		String compact = node.toString();
		int bytes = compact.getBytes(StandardCharsets.UTF_8).length;
		if (bytes > LIMIT) {
			throw new OutputsException("outputs are " + bytes + " bytes, over the limit of " + LIMIT
					+ " bytes (compact JSON): publish small values such as a date, a count or a path, not data");
		}
		return compact;
	}

	private static String kind(JsonNode node) {
		return switch (node.getNodeType()) {
			case ARRAY -> "an array";
			case STRING -> "a string";
			case NUMBER -> "a number";
			case BOOLEAN -> "a boolean";
			default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
		};
	}

}
