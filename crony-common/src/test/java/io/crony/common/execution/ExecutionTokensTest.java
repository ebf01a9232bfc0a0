package io.crony.common.execution;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.LongStream;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExecutionTokensTest {

	private final String secret = ExecutionTokens.newSecret();

	private final ExecutionTokens tokens = ExecutionTokens.fromEncodedSecret(this.secret);

	@Test
	void tokenIsTheHmacOfThePrefixedExecutionIdInBase64Url() throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(Base64.getUrlDecoder().decode(this.secret), "HmacSHA256"));
		String expected = Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(mac.doFinal("crony-execution:42".getBytes(StandardCharsets.US_ASCII)));
		assertThat(this.tokens.tokenFor(42)).isEqualTo(expected).doesNotContain("=", "+", "/");
	}

	@Test
	void verifiesOnlyTheExecutionsOwnToken() {
		String token = this.tokens.tokenFor(7);
		assertThat(this.tokens.verify(7, token)).isTrue();
		assertThat(this.tokens.verify(8, token)).isFalse();
		assertThat(this.tokens.verify(7, token.substring(1))).isFalse();
		assertThat(this.tokens.verify(7, "")).isFalse();
		assertThat(this.tokens.verify(7, null)).isFalse();
	}

	@Test
	void anotherSecretMakesOtherTokens() {
		ExecutionTokens other = ExecutionTokens.fromEncodedSecret(ExecutionTokens.newSecret());
		assertThat(other.tokenFor(7)).isNotEqualTo(this.tokens.tokenFor(7));
		assertThat(other.verify(7, this.tokens.tokenFor(7))).isFalse();
	}

	@Test
	void sameSecretMakesTheSameTokensOnEveryInstance() {
		assertThat(ExecutionTokens.fromEncodedSecret(this.secret).tokenFor(123456789L))
			.isEqualTo(this.tokens.tokenFor(123456789L));
	}

	@Test
	void tokensStayTheSameAcrossCallsAndThreads() {
		List<String> once = LongStream.range(0, 200).mapToObj(this.tokens::tokenFor).toList();
		assertThat(LongStream.range(0, 200).mapToObj(this.tokens::tokenFor).toList()).isEqualTo(once);
		assertThat(LongStream.range(0, 200).parallel().mapToObj(this.tokens::tokenFor).toList()).isEqualTo(once);
	}

	@Test
	void refusesEmptyOrShortSecrets() {
		assertThatIllegalArgumentException().isThrownBy(() -> ExecutionTokens.fromEncodedSecret(" "));
		assertThatIllegalArgumentException().isThrownBy(() -> ExecutionTokens.fromEncodedSecret("c2hvcnQ"));
	}

}
