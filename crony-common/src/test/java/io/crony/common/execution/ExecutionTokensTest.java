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
	void tokenIsTheAttemptAndTheHmacOfThePrefixedExecutionIdAndAttemptInBase64Url() throws Exception {
		assertThat(this.tokens.tokenFor(42, 3)).isEqualTo("3." + hmac("crony-execution:42:3"))
			.doesNotContain("=", "+", "/");
	}

	@Test
	void legacyTokenIsTheHmacOfThePrefixedExecutionId() throws Exception {
		assertThat(this.tokens.tokenFor(42)).isEqualTo(hmac("crony-execution:42")).doesNotContain("=", "+", "/");
	}

	@Test
	void verifyTellsTheAttemptATokenProves() {
		assertThat(this.tokens.verify(7, this.tokens.tokenFor(7, 1))).hasValue(1);
		assertThat(this.tokens.verify(7, this.tokens.tokenFor(7, 2))).hasValue(2);
		assertThat(this.tokens.verify(7, this.tokens.tokenFor(7))).hasValue(ExecutionTokens.LEGACY);
	}

	@Test
	void refusesAnotherExecutionsTokenAForgedAttemptAndGarbage() {
		String token = this.tokens.tokenFor(7, 1);
		String mac = token.substring(2);
		assertThat(this.tokens.verify(8, token)).isEmpty();
		assertThat(this.tokens.verify(8, this.tokens.tokenFor(7))).isEmpty();
		assertThat(this.tokens.verify(7, "2." + mac)).isEmpty();
		assertThat(this.tokens.verify(7, "01." + mac)).isEmpty();
		assertThat(this.tokens.verify(7, "+1." + mac)).isEmpty();
		assertThat(this.tokens.verify(7, "0." + this.tokens.tokenFor(7))).isEmpty();
		assertThat(this.tokens.verify(7, "99999999999." + mac)).isEmpty();
		assertThat(this.tokens.verify(7, "." + mac)).isEmpty();
		assertThat(this.tokens.verify(7, mac)).isEmpty();
		assertThat(this.tokens.verify(7, token.substring(0, token.length() - 1))).isEmpty();
		assertThat(this.tokens.verify(7, "")).isEmpty();
		assertThat(this.tokens.verify(7, null)).isEmpty();
	}

	@Test
	void attemptsCountFromOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.tokens.tokenFor(7, 0));
	}

	@Test
	void anotherSecretMakesOtherTokens() {
		ExecutionTokens other = ExecutionTokens.fromEncodedSecret(ExecutionTokens.newSecret());
		assertThat(other.tokenFor(7, 1)).isNotEqualTo(this.tokens.tokenFor(7, 1));
		assertThat(other.verify(7, this.tokens.tokenFor(7, 1))).isEmpty();
		assertThat(other.verify(7, this.tokens.tokenFor(7))).isEmpty();
	}

	@Test
	void sameSecretMakesTheSameTokensOnEveryInstance() {
		assertThat(ExecutionTokens.fromEncodedSecret(this.secret).tokenFor(123456789L, 2))
			.isEqualTo(this.tokens.tokenFor(123456789L, 2));
	}

	@Test
	void tokensStayTheSameAcrossCallsAndThreads() {
		List<String> once = LongStream.range(0, 200).mapToObj((id) -> this.tokens.tokenFor(id, 1)).toList();
		assertThat(LongStream.range(0, 200).mapToObj((id) -> this.tokens.tokenFor(id, 1)).toList()).isEqualTo(once);
		assertThat(LongStream.range(0, 200).parallel().mapToObj((id) -> this.tokens.tokenFor(id, 1)).toList())
			.isEqualTo(once);
	}

	@Test
	void refusesEmptyOrShortSecrets() {
		assertThatIllegalArgumentException().isThrownBy(() -> ExecutionTokens.fromEncodedSecret(" "));
		assertThatIllegalArgumentException().isThrownBy(() -> ExecutionTokens.fromEncodedSecret("c2hvcnQ"));
	}

	private String hmac(String message) throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(Base64.getUrlDecoder().decode(this.secret), "HmacSHA256"));
		return Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(mac.doFinal(message.getBytes(StandardCharsets.US_ASCII)));
	}

}
