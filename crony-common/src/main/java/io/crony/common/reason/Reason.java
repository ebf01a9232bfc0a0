package io.crony.common.reason;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A reason the server gives: its stable code, the values it names, and the English
 * sentence for API users (the dashboard and the alerts render the code in the reader's
 * language instead).
 *
 * @param code what the reason is
 * @param params the values the sentence names, by parameter name (a date, a label, a name
 * the user typed); a parameter named {@code weekday} holds a {@link java.time.DayOfWeek}
 * name, rendered as a word
 * @param text the sentence in English
 */
public record Reason(ReasonCode code, Map<String, String> params, String text) {

	public Reason {
		params = Map.copyOf(params);
	}

	/**
	 * A reason from its code and its parameters in the code's order.
	 * @param code the code
	 * @param values one value per parameter the code names, in that order
	 * @return the reason, its English sentence made
	 */
	public static Reason of(ReasonCode code, Object... values) {
		if (values.length != code.params().size()) {
			throw new IllegalArgumentException(code + " takes " + code.params() + ", given " + values.length);
		}
		Map<String, String> params = new LinkedHashMap<>();
		for (int i = 0; i < values.length; i++) {
			params.put(code.params().get(i), String.valueOf(values[i]));
		}
		return new Reason(code, params, ReasonTexts.render(code, params, ReasonTexts.ENGLISH));
	}

	/**
	 * The sentence in a language of {@link ReasonTexts#LANGUAGES}; English for another.
	 */
	public String text(String language) {
		return ReasonTexts.render(this.code, this.params, language);
	}

	/** The English sentences of several reasons, as one. */
	public static String join(List<Reason> reasons) {
		return reasons.stream().map(Reason::text).collect(Collectors.joining("; "));
	}

}
