package io.crony.web.sso;

import io.crony.test.LocalServices;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What LDAP sign-in does before any user or mapping is read. */
class LdapSignInTest {

	@Test
	void anUnreachableDirectoryIsA503NotAWrongPassword() {
		// a port nothing listens on: the bind cannot even connect
		LdapSignIn signIn = signIn("ldap://127.0.0.1:" + LocalServices.freePort() + "/dc=crony,dc=test");

		assertThatThrownBy(() -> signIn.signIn("alice", "alice-password"))
			.isInstanceOf(DirectoryUnavailableException.class)
			.hasMessageContaining("cannot be reached");
	}

	@Test
	void aUserNameCronyWouldNotAcceptNeverReachesTheDirectory() {
		LdapSignIn signIn = signIn("ldap://127.0.0.1:" + LocalServices.freePort() + "/dc=crony,dc=test");

		assertThat(signIn.signIn("*)(uid=*", "whatever")).isEmpty();
		assertThat(signIn.signIn("alice,ou=admins", "whatever")).isEmpty();
	}

	@Test
	void anIncompleteConfigurationStopsTheStartSayingWhatIsMissing() {
		assertThatIllegalStateException()
			.isThrownBy(() -> LdapConfiguration.provider(properties(null, "uid={0},ou=people")))
			.withMessageContaining("crony.web.auth.ldap.url");
		assertThatIllegalStateException()
			.isThrownBy(() -> LdapConfiguration.provider(properties("ldap://127.0.0.1:389/dc=x", null)))
			.withMessageContaining("user-dn-pattern");
	}

	private static LdapSignIn signIn(String url) {
		return new LdapSignIn(LdapConfiguration.provider(properties(url, "uid={0},ou=people")), null);
	}

	private static LdapProperties properties(String url, String userDnPattern) {
		return new LdapProperties(true, url, userDnPattern, "", null, "ou=groups", "(member={0})", "cn", null, null,
				null);
	}

}
