package io.crony.web.sso;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The groups claim as providers send it, and the settings OIDC sign-in cannot do without.
 */
class OidcSignInTest {

	@Test
	void theGroupsClaimIsAListOfNamesOrOneName() {
		assertThat(OidcSignIn.groups(List.of("ops-team", "dev-team"))).containsExactly("ops-team", "dev-team");
		// Okta and others send a lone group as a string
		assertThat(OidcSignIn.groups("ops-team")).containsExactly("ops-team");
		assertThat(OidcSignIn.groups(Arrays.asList("ops-team", null))).containsExactly("ops-team");
		// no claim, or an empty one: no group, so no access
		assertThat(OidcSignIn.groups(null)).isEmpty();
		assertThat(OidcSignIn.groups(" ")).isEmpty();
	}

	@Test
	void theIssuerAndTheClientIdAreRequired() {
		assertThatIllegalStateException().isThrownBy(() -> new OidcClientRegistrations(properties(null, "crony")))
			.withMessageContaining("crony.web.auth.oidc.issuer");
		assertThatIllegalStateException()
			.isThrownBy(() -> new OidcClientRegistrations(properties("https://idp.example.com", " ")))
			.withMessageContaining("client-id");
	}

	@Test
	void theClientSecretStaysOutOfTheSettingsText() {
		assertThat(properties("https://idp.example.com", "crony")).asString().doesNotContain("the-secret");
	}

	private static OidcProperties properties(String issuer, String clientId) {
		return new OidcProperties(true, issuer, clientId, "the-secret", List.of("openid"), "groups",
				"preferred_username", "Okta", null);
	}

}
