package io.crony.common.reason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReasonTextsTest {

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z]+)}");

	/** Latin words a Chinese sentence may keep: identifiers a user meets as they are. */
	private static final Set<String> KEPT_IN_CHINESE = Set.of("RRULE");

	@Test
	void everyCodeHasASentenceInEveryLanguageNamingExactlyItsParameters() {
		List<String> wrong = new ArrayList<>();
		for (ReasonCode code : ReasonCode.values()) {
			Map<String, String> sentences = ReasonTexts.table().codes().get(code);
			for (String language : ReasonTexts.LANGUAGES) {
				String sentence = (sentences != null) ? sentences.get(language) : null;
				if (sentence == null || sentence.isBlank()) {
					wrong.add(code + " has no " + language + " sentence");
					continue;
				}
				List<String> named = new ArrayList<>();
				Matcher m = PLACEHOLDER.matcher(sentence);
				while (m.find()) {
					named.add(m.group(1));
				}
				if (named.size() != code.params().size() || !Set.copyOf(named).equals(Set.copyOf(code.params()))) {
					wrong.add(code + " " + language + " names " + named + ", the code takes " + code.params());
				}
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void aChineseSentenceHasNoEnglishWordsOutsideItsParameters() {
		List<String> latin = new ArrayList<>();
		ReasonTexts.table().codes().forEach((code, sentences) -> {
			Matcher m = Pattern.compile("[A-Za-z]{2,}")
				.matcher(PLACEHOLDER.matcher(sentences.get("zh-CN")).replaceAll(""));
			while (m.find()) {
				if (!KEPT_IN_CHINESE.contains(m.group())) {
					latin.add(code + ": " + m.group());
				}
			}
		});
		ReasonTexts.table().words().forEach((param, words) -> words.forEach((value, word) -> {
			if (word.get("zh-CN") == null || word.get("zh-CN").matches(".*[A-Za-z]{2,}.*")) {
				latin.add(param + "=" + value + ": " + word.get("zh-CN"));
			}
		}));
		assertThat(latin).isEmpty();
	}

	@Test
	void theDashboardCarriesTheSameTable() throws IOException {
		// the dashboard renders codes from its own copy (frontend/src/i18n/reasons.json):
		// a code added here and not there would show as a bare code
		Path ours = Path.of("src/main/resources/io/crony/common/reason/reasons.json");
		Path dashboards = Path.of("../frontend/src/i18n/reasons.json");
		assertThat(Files.readString(dashboards)).as("copy " + ours + " to " + dashboards)
			.isEqualTo(Files.readString(ours));
	}

	@Test
	void aReasonReadsInEnglishAndInChineseWithItsWordsTranslated() {
		Reason holiday = Reason.of(ReasonCode.CALENDAR_HOLIDAY_NAMED, "2026-10-01", "THURSDAY", "National Day", "cn");
		assertThat(holiday.text()).isEqualTo("2026-10-01 (Thursday) is a holiday (National Day) in calendar 'cn'");
		assertThat(holiday.text("zh-CN")).isEqualTo("2026-10-01（星期四）是日历“cn”中的节假日（National Day）");
		assertThat(holiday.params()).containsEntry("weekday", "THURSDAY");
		assertThat(Reason.of(ReasonCode.ICS_NO_START, "").text("zh-CN")).isEqualTo("事件“（无标题）”没有开始日期");
		assertThat(Reason.of(ReasonCode.NO_AGENT_MATCHES, "dept=pay").text("fr"))
			.isEqualTo("no live agent matches dept=pay");
	}

	@Test
	void aReasonGivenTheWrongNumberOfValuesIsRefused() {
		org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
			.isThrownBy(() -> Reason.of(ReasonCode.NO_AGENT_MATCHES))
			.withMessageContaining("[labels]");
	}

}
