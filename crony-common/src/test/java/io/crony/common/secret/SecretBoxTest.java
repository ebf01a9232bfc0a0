package io.crony.common.secret;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SecretBoxTest {

	private static final String KEY = "Y3JvbnktdGVzdC1rZXktMzItYnl0ZXMtbG9uZy4uLi4=";

	private static final String OLD_KEY = "b3RoZXIta2V5LW9mLTMyLWJ5dGVzLS0tLS0tLS0tLS0=";

	@Test
	void sealsWithAFreshNonceAndOpensAgain() {
		SecretBox box = SecretBox.of(KEY, List.of());

		String first = box.seal("smtp-password");
		String second = box.seal("smtp-password");

		assertThat(first).startsWith("enc:v1:").doesNotContain("smtp-password").isNotEqualTo(second);
		assertThat(box.open(first)).isEqualTo("smtp-password");
	}

	@Test
	void opensValuesAPreviousKeySealedAndSaysTheyNeedResealing() {
		String sealedBefore = SecretBox.of(OLD_KEY, List.of()).seal("webhook-secret");
		SecretBox rotated = SecretBox.of(KEY, List.of(OLD_KEY));

		assertThat(rotated.needsResealing(sealedBefore)).isTrue();
		String resealed = rotated.seal(rotated.open(sealedBefore));
		assertThat(rotated.needsResealing(resealed)).isFalse();
		assertThat(SecretBox.of(KEY, List.of()).open(resealed)).isEqualTo("webhook-secret");
	}

	@Test
	void refusesAValueSealedUnderAnUnknownKeyOrTamperedWith() {
		String sealed = SecretBox.of(OLD_KEY, List.of()).seal("x");
		SecretBox box = SecretBox.of(KEY, List.of());

		assertThat(box.canOpen(sealed)).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> box.open(sealed)).withMessageContaining("previous-keys");
		String mine = box.seal("value");
		String tampered = mine.substring(0, mine.length() - 4) + (mine.endsWith("AAAA") ? "BBBB" : "AAAA");
		assertThatIllegalStateException().isThrownBy(() -> box.open(tampered)).withMessageContaining("does not open");
	}

	@Test
	void cannotSealWithoutAKeyButOpensClearValues() {
		SecretBox none = SecretBox.of(null, List.of());

		assertThatThrownBy(() -> none.seal("x")).isInstanceOf(MissingSecretKeyException.class)
			.hasMessageContaining("CRONY_SECRET_KEY");
		assertThat(none.open("stored-before-encryption")).isEqualTo("stored-before-encryption");
	}

	@Test
	void refusesAKeyThatIsNot32Bytes() {
		assertThatIllegalArgumentException().isThrownBy(() -> SecretBox.of("c2hvcnQ=", List.of()))
			.withMessageContaining("32 bytes");
	}

}
