package io.crony.common.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The syntax of agent labels and job selectors, shared by the agent (its
 * {@code crony.agent.labels}) and the job API (a job's {@code assignment.labels}). Keys
 * and values are 1 to 63 letters, digits, {@code . _ - /}, starting and ending with a
 * letter or digit (a value may also be empty), so {@code dept=pay,zone=a} reads back
 * unambiguously.
 */
public final class Labels {

	private static final Pattern WORD = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._/-]{0,61}[A-Za-z0-9])?");

	private Labels() {
	}

	/**
	 * Reads {@code key=value} pairs separated by commas ({@code dept=pay, zone=a}); blank
	 * means no labels.
	 * @throws IllegalArgumentException naming the first pair that is not a valid label
	 */
	public static Map<String, String> parse(String text) {
		Map<String, String> labels = new LinkedHashMap<>();
		if (text == null || text.isBlank()) {
			return labels;
		}
		for (String pair : text.split(",", -1)) {
			int eq = pair.indexOf('=');
			if (eq < 0) {
				throw new IllegalArgumentException("label '" + pair.trim() + "' is not key=value");
			}
			String key = pair.substring(0, eq).trim();
			String value = pair.substring(eq + 1).trim();
			if (labels.put(key, value) != null) {
				throw new IllegalArgumentException("label key '" + key + "' is given twice");
			}
		}
		problem(labels).ifPresent((message) -> {
			throw new IllegalArgumentException(message);
		});
		return labels;
	}

	/** The first invalid key or value, empty when every label is valid. */
	public static Optional<String> problem(Map<String, String> labels) {
		return invalid(labels).map(Invalid::message);
	}

	/** The first invalid key or value, empty when every label is valid. */
	public static Optional<Invalid> invalid(Map<String, String> labels) {
		for (Map.Entry<String, String> label : labels.entrySet()) {
			String key = label.getKey();
			if (key == null || !WORD.matcher(key).matches()) {
				return Optional.of(new Invalid(key, null,
						"label key '" + key + "' must be 1 to 63 letters, digits, '.', '_', '-' or '/', "
								+ "starting and ending with a letter or digit"));
			}
			String value = label.getValue();
			if (value == null || (!value.isEmpty() && !WORD.matcher(value).matches())) {
				return Optional.of(new Invalid(key, String.valueOf(value),
						"label value '" + value + "' of key '" + key + "' must be empty or 1 to 63 "
								+ "letters, digits, '.', '_', '-' or '/', starting and ending with a letter or digit"));
			}
		}
		return Optional.empty();
	}

	/**
	 * An invalid label.
	 *
	 * @param key its key
	 * @param value its value when the value is what is wrong, null when the key is
	 * @param message what is wrong, in English
	 */
	public record Invalid(String key, String value, String message) {

		/** Whether the key is what is wrong (else the value). */
		public boolean inKey() {
			return this.value == null;
		}

	}

	/** The labels as {@code key=value} pairs sorted by key, joined by commas. */
	public static String format(Map<String, String> labels) {
		return new TreeMap<>(labels).entrySet()
			.stream()
			.map((label) -> label.getKey() + "=" + label.getValue())
			.collect(Collectors.joining(","));
	}

}
