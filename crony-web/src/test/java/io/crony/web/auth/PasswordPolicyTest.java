package io.crony.web.auth;

import java.util.Map;

import io.crony.web.error.FieldErrorCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class PasswordPolicyTest {

	private final PasswordPolicy policy = new PasswordPolicy();

	@ParameterizedTest
	@CsvSource({ "short-pw, at least 12 characters, TOO_SHORT", "JohnDoe-2024!!!, user name, PASSWORD_IS_USER_NAME",
			"1qaz2wsx3edc, too common, PASSWORD_TOO_COMMON", "sunshine-2024, too common, PASSWORD_TOO_COMMON",
			"LetMeIn!!!!!!, too common, PASSWORD_TOO_COMMON" })
	void namesTheRuleAPasswordBreaks(String password, String rule, FieldErrorCode code) {
		assertThat(this.policy.violation("johndoe", password)).hasValueSatisfying((v) -> {
			assertThat(v.field()).isEqualTo("password");
			assertThat(v.message()).contains(rule);
			assertThat(v.code()).isEqualTo(code);
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "violet-harbour-93", "correct horse battery staple", "ünïcödé-pässwörd" })
	void acceptsAPasswordThatKeepsEveryRule(String password) {
		assertThat(this.policy.violation("johndoe", password)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(ints = { 73, 100 })
	void refusesMoreBytesThanTheHashReads(int bytes) {
		assertThat(this.policy.violation("johndoe", "x".repeat(bytes))).hasValueSatisfying((v) -> {
			assertThat(v.message()).contains("72 bytes");
			assertThat(v.code()).isEqualTo(FieldErrorCode.PASSWORD_TOO_LONG);
			assertThat(v.params()).isEqualTo(Map.of("maxBytes", "72"));
		});
	}

}
