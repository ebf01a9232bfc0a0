package io.crony.alert;

/**
 * The words of one language: an alert's title and detail from its {@link AlertFacts}, and
 * the labels of the lines that follow. {@link AlertText} lays them out the same way in
 * every language, so each message carries the same facts.
 */
interface AlertWording {

	/** The labelled lines of a message, in the order they appear. */
	enum Line {

		JOB, SCHEDULED_AT, AGENT, ATTEMPT, EXECUTION, ERROR, AT, DETAILS

	}

	/** One line: what happened. */
	String title(Alert alert);

	/** What happened in a sentence or two; null when the title says it all. */
	String detail(Alert alert);

	String label(Line line);

	/** Between a label and its value. */
	String separator();

	/** The job line's value. */
	String job(String name, Long id);

	/** The attempt line's value. */
	String attempt(int attempt);

	/** How many alerts like this were held back since when. */
	String heldBack(int count, String since);

	static AlertWording of(AlertLanguage language) {
		return (language == AlertLanguage.ZH_CN) ? ChineseWording.INSTANCE : EnglishWording.INSTANCE;
	}

}
