package io.crony.web.error;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard words a 400's field errors from their codes with its table
 * (frontend/src/i18n/fieldErrors.json): a code the server answers and the table lacks
 * would show in English to every reader.
 */
class FieldErrorTextsTest {

	private static final List<String> LANGUAGES = List.of("en", "zh-CN");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z]+)}");

	/** Latin words a Chinese sentence may keep: names a user meets as they are. */
	private static final Set<String> KEPT_IN_CHINESE = Set.of("JSON", "Crony", "IANA", "Unix", "Quartz", "ISO",
			"iCalendar");

	/** A schedule's macro ({@code @every}), written as the user writes it. */
	private static final Pattern MACRO = Pattern.compile("@[a-z]+");

	private static Table table() throws IOException {
		return new ObjectMapper().readValue(Path.of("../frontend/src/i18n/fieldErrors.json").toFile(), Table.class);
	}

	@Test
	void everyCodeHasASentenceInEveryLanguageNamingExactlyItsParameters() throws IOException {
		Map<String, Map<String, String>> codes = table().codes();
		List<String> wrong = new ArrayList<>();
		for (FieldErrorCode code : FieldErrorCode.values()) {
			for (String language : LANGUAGES) {
				String sentence = (codes.get(code.name()) != null) ? codes.get(code.name()).get(language) : null;
				if (sentence == null || sentence.isBlank()) {
					wrong.add(code + " has no " + language + " sentence");
					continue;
				}
				Set<String> named = new TreeSet<>();
				Matcher m = PLACEHOLDER.matcher(sentence);
				while (m.find()) {
					named.add(m.group(1));
				}
				if (!named.equals(new TreeSet<>(code.params()))) {
					wrong.add(code + " " + language + " names " + named + ", the code takes " + code.params());
				}
			}
		}
		Set<String> unknown = new TreeSet<>(codes.keySet());
		unknown.removeAll(java.util.Arrays.stream(FieldErrorCode.values()).map(Enum::name).toList());
		assertThat(unknown).as("codes the server never answers").isEmpty();
		assertThat(wrong).isEmpty();
	}

	@Test
	void aChineseSentenceHasNoEnglishWordsOutsideItsParameters() throws IOException {
		List<String> latin = new ArrayList<>();
		table().codes().forEach((code, sentences) -> latin(code, sentences.get("zh-CN"), latin));
		table().words()
			.forEach((param, words) -> words
				.forEach((value, word) -> latin(param + "=" + value, word.get("zh-CN"), latin)));
		assertThat(latin).isEmpty();
	}

	@Test
	void everyValueTheServerWordsHasAWordInEveryLanguage() throws IOException {
		Map<String, Map<String, Map<String, String>>> words = table().words();
		List<String> missing = new ArrayList<>();
		for (String type : List.of("number", "boolean", "string", "object", "array", "other")) {
			LANGUAGES.stream()
				.filter((language) -> words.get("type").getOrDefault(type, Map.of()).get(language) == null)
				.forEach((language) -> missing.add("type=" + type + " in " + language));
		}
		for (String field : List.of("second", "minute", "hour", "day-of-month", "month", "day-of-week", "year")) {
			LANGUAGES.stream()
				.filter((language) -> words.get("field").getOrDefault(field, Map.of()).get(language) == null)
				.forEach((language) -> missing.add("field=" + field + " in " + language));
		}
		assertThat(missing).isEmpty();
	}

	private static void latin(String where, String sentence, List<String> latin) {
		if (sentence == null) {
			latin.add(where + " has no Chinese");
			return;
		}
		String words = MACRO.matcher(PLACEHOLDER.matcher(sentence).replaceAll("")).replaceAll("");
		Matcher m = Pattern.compile("[A-Za-z]{2,}").matcher(words);
		while (m.find()) {
			if (!KEPT_IN_CHINESE.contains(m.group())) {
				latin.add(where + ": " + m.group());
			}
		}
	}

	record Table(Map<String, Map<String, String>> codes, Map<String, Map<String, Map<String, String>>> words) {
	}

}
