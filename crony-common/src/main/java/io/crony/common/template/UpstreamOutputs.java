package io.crony.common.template;

import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.json.CronyJson;

/**
 * The outputs of a downstream run's upstreams, as the web found them when it released the
 * run: per upstream job (by name), its run of the paired instant and what that run
 * published, or why there is none. Kept on the downstream's execution row
 * ({@code upstream_outputs}) as JSON, so every attempt, retry and move of the run reads
 * the same values: those of its paired instant, never of a later run.
 *
 * <p>
 * The stored form: {@code {"load": {"executionId": 12, "scheduledAt":
 * "2026-03-01T06:00:00Z", "outputs": {"day": "20260301"}}}}; an upstream without a run
 * holds {@code {"problem": "..."}} instead.
 */
public final class UpstreamOutputs {

	/**
	 * A run nobody released: a template reading an upstream's outputs cannot be filled.
	 */
	public static final UpstreamOutputs NONE = new UpstreamOutputs(null);

	private final ObjectNode byJob;

	private UpstreamOutputs(ObjectNode byJob) {
		this.byJob = byJob;
	}

	/**
	 * @param json the stored form, null for a run no upstream released
	 */
	public static UpstreamOutputs read(String json) {
		if (json == null || json.isBlank()) {
			return NONE;
		}
		try {
			JsonNode node = CronyJson.mapper().readTree(json);
			return node.isObject() ? new UpstreamOutputs((ObjectNode) node) : NONE;
		}
		catch (JsonProcessingException ex) {
			return NONE;
		}
	}

	/** Builds the stored form, one upstream at a time. */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * One output of an upstream's paired run, as text: a string as it is, any other value
	 * as JSON ({@code 42}, {@code true}, {@code {"a":1}}). A dotted field reads into
	 * nested objects ({@code file.path}).
	 * @throws TemplateException naming the upstream, its run and the field when there is
	 * no such value
	 */
	String value(String job, String field) {
		JsonNode entry = (this.byJob != null) ? this.byJob.get(job) : null;
		if (entry == null) {
			throw new TemplateException("no outputs of upstream job " + job + " for this run: only a run its "
					+ "upstreams released (or a dependent of a run with dependents, or a backfill) reads them");
		}
		if (entry.hasNonNull("problem")) {
			throw new TemplateException(entry.get("problem").asText());
		}
		String run = "upstream job " + job + "'s run " + entry.path("executionId").asText() + " (at "
				+ entry.path("scheduledAt").asText() + ")";
		JsonNode outputs = entry.get("outputs");
		if (outputs == null || !outputs.isObject()) {
			throw new TemplateException(run + " published no outputs, so it has no output '" + field + "'");
		}
		JsonNode value = outputs;
		for (String step : field.split("\\.", -1)) {
			value = value.isObject() ? value.get(step) : null;
			if (value == null) {
				throw new TemplateException(
						run + " has no output '" + field + "' (its outputs: " + names(outputs) + ")");
			}
		}
		return value.isTextual() ? value.asText() : value.isNull() ? "" : value.toString();
	}

	private static String names(JsonNode outputs) {
		StringJoiner names = new StringJoiner(", ");
		Iterator<String> fields = outputs.fieldNames();
		fields.forEachRemaining(names::add);
		return (names.length() == 0) ? "none" : names.toString();
	}

	/** Builds the stored form of {@link UpstreamOutputs}. */
	public static final class Builder {

		private final Map<String, Object> byJob = new LinkedHashMap<>();

		private Builder() {
		}

		/**
		 * @param job the upstream's name
		 * @param executionId its paired run
		 * @param scheduledAt that run's instant
		 * @param outputs what it published (compact JSON), null for nothing
		 */
		public Builder run(String job, long executionId, Instant scheduledAt, String outputs) {
			Map<String, Object> entry = new LinkedHashMap<>();
			entry.put("executionId", executionId);
			entry.put("scheduledAt", scheduledAt.toString());
			entry.put("outputs", (outputs != null) ? readTree(outputs) : null);
			this.byJob.put(job, entry);
			return this;
		}

		/** An upstream whose outputs cannot be read, and why. */
		public Builder problem(String job, String problem) {
			this.byJob.put(job, Map.of("problem", problem));
			return this;
		}

		/** The stored form, null when no upstream was added. */
		public String toJson() {
			return this.byJob.isEmpty() ? null : CronyJson.toJson(this.byJob);
		}

		private static JsonNode readTree(String json) {
			try {
				return CronyJson.mapper().readTree(json);
			}
			catch (JsonProcessingException ex) {
				return null;
			}
		}

	}

}
