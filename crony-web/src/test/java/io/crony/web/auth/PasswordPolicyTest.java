package io.crony.web.auth;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class PasswordPolicyTest {

	private final PasswordPolicy policy = new PasswordPolicy();

	@ParameterizedTest
	@CsvSource({ "short-pw, at least 12 characters", "JohnDoe-2024!!!, user name", "1qaz2wsx3edc, too common",
			"sunshine-2024, too common", "LetMeIn!!!!!!, too common" })
	void namesTheRuleAPasswordBreaks(String password, String rule) {
		assertThat(this.policy.violation("johndoe", password)).hasValueSatisfying((v) -> assertThat(v).contains(rule));
	}

	@ParameterizedTest
	@ValueSource(strings = { "violet-harbour-93", "correct horse battery staple", "ünïcödé-pässwörd" })
	void acceptsAPasswordThatKeepsEveryRule(String password) {
		assertThat(this.policy.violation("johndoe", password)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(ints = { 73, 100 })
	void refusesMoreBytesThanTheHashReads(int bytes) {
		assertThat(this.policy.violation("johndoe", "x".repeat(bytes)))
			.hasValueSatisfying((v) -> assertThat(v).contains("72 bytes"));
	}

}
