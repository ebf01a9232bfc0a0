package io.crony.common.reason;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The sentences of every {@link ReasonCode} in every language, read from
 * {@code reasons.json}: {@code codes} holds a template per code and language, with
 * {@code {param}} placeholders; {@code words} translates the values of a parameter that
 * is a word (a weekday) rather than something the user typed.
 */
public final class ReasonTexts {

	public static final String ENGLISH = "en";

	public static final String CHINESE = "zh-CN";

	public static final List<String> LANGUAGES = List.of(ENGLISH, CHINESE);

	private static final Table TABLE = load();

	private ReasonTexts() {
	}

	record Table(Map<ReasonCode, Map<String, String>> codes, Map<String, Map<String, Map<String, String>>> words) {
	}

	static Table table() {
		return TABLE;
	}

	static String render(ReasonCode code, Map<String, String> params, String language) {
		Map<String, String> templates = TABLE.codes().get(code);
		String template = templates.getOrDefault(language, templates.get(ENGLISH));
		StringBuilder text = new StringBuilder(template);
		for (Map.Entry<String, String> param : params.entrySet()) {
			String placeholder = "{" + param.getKey() + "}";
			int at = text.indexOf(placeholder);
			if (at >= 0) {
				text.replace(at, at + placeholder.length(), word(param.getKey(), param.getValue(), language));
			}
		}
		return text.toString();
	}

	private static String word(String param, String value, String language) {
		Map<String, Map<String, String>> words = TABLE.words().get(param);
		Map<String, String> word = (words != null) ? words.get(value) : null;
		return (word != null) ? word.getOrDefault(language, word.get(ENGLISH)) : value;
	}

	private static Table load() {
		try (InputStream in = ReasonTexts.class.getResourceAsStream("reasons.json")) {
			if (in == null) {
				throw new IllegalStateException("reasons.json is not on the class path beside " + ReasonTexts.class);
			}
			return new ObjectMapper().readValue(in, new TypeReference<Table>() {
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
