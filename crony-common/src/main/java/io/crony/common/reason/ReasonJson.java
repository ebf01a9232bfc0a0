package io.crony.common.reason;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A {@link Reason} as stored in a column beside the English text: {@code {"code": "...",
 * "params": {...}}}. The text is not stored: it is made from the code, so a reworded
 * sentence reads the same for old rows.
 */
public final class ReasonJson {

	private static final ObjectMapper JSON = new ObjectMapper();

	private ReasonJson() {
	}

	/** The column's value; null for no reason. */
	public static String write(Reason reason) {
		if (reason == null) {
			return null;
		}
		try {
			return JSON.writeValueAsString(stored(reason));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	// the code first, the parameters in the code's order: the same reason is the same
	// text
	private static Map<String, Object> stored(Reason reason) {
		Map<String, String> params = new LinkedHashMap<>();
		reason.code().params().forEach((name) -> params.put(name, reason.params().get(name)));
		Map<String, Object> stored = new LinkedHashMap<>();
		stored.put("code", reason.code().name());
		stored.put("params", params);
		return stored;
	}

	/**
	 * The reason a column holds; null for none, or for a code this version does not know
	 * (a newer writer's): the English text beside it still says it.
	 */
	public static Reason read(String json) {
		if (json == null || json.isBlank()) {
			return null;
		}
		try {
			Map<String, Object> stored = JSON.readValue(json, new TypeReference<>() {
			});
			ReasonCode code = ReasonCode.valueOf(String.valueOf(stored.get("code")));
			Map<String, String> params = new LinkedHashMap<>();
			if (stored.get("params") instanceof Map<?, ?> values) {
				values.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
			}
			return new Reason(code, params, ReasonTexts.render(code, params, ReasonTexts.ENGLISH));
		}
		catch (JsonProcessingException | IllegalArgumentException ex) {
			return null;
		}
	}

}
