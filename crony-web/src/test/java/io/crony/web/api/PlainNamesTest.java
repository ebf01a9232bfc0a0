package io.crony.web.api;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class PlainNamesTest {

	@ParameterizedTest
	@ValueSource(strings = { "nightly-report", "夜间报表", "über 𝒳 report", "a b", "" })
	void takesNamesPeopleCanRead(String name) {
		assertThat(PlainNames.problem(name)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "report\u202Efdp.exe", "night\u200Bly", "zero\u200Dwidth", "bom\uFEFF", "tab\tname",
			"new\nline", "del\u007F", "line\u2028sep", "isolate\u2067x", "tag\uDB40\uDC41" })
	void refusesControlBidiZeroWidthAndInvisibleCharactersNamingThem(String name) {
		assertThat(PlainNames.problem(name)).containsPattern("U\\+[0-9A-F]{4,5}").contains("at index");
	}

	@ParameterizedTest
	@ValueSource(strings = { "lone\uD800", "\uDC00first", "pair\uD800\uD800" })
	void refusesLoneSurrogates(String name) {
		assertThat(PlainNames.problem(name)).contains("lone surrogate");
	}

}
