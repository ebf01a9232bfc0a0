package io.crony.web.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AttachmentsTest {

	@Test
	void anAsciiNameIsGivenPlainAndAsUtf8() {
		assertThat(Attachments.contentDisposition("tm-cn.ics"))
			.isEqualTo("attachment; filename=\"tm-cn.ics\"; filename*=UTF-8''tm-cn.ics");
	}

	@Test
	void aChineseNameIsPercentEncodedWithAnAsciiFallbackAndNoEncodedWord() {
		String header = Attachments.contentDisposition("中国 2026.ics");

		assertThat(header)
			.isEqualTo("attachment; filename=\"___2026.ics\"; filename*=UTF-8''%E4%B8%AD%E5%9B%BD%202026.ics");
		assertThat(header).doesNotContain("=?");
	}

	@Test
	void quotesSlashesAndControlsNeverReachTheQuotedFallback() {
		assertThat(Attachments.asciiFallback("a\"b\\c/d;e%f\r\n.ics")).isEqualTo("a_b_c_d_e_f__.ics");
	}

}
