package io.crony.web.sso;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Sign-in with an OpenID Connect provider: authorization code with PKCE, the user's
 * groups from a claim of the ID token (or the user info), mapped like LDAP groups.
 *
 * @param enabled whether the sign-in page offers the provider's button
 * @param issuer the provider's issuer, whose {@code /.well-known/openid-configuration}
 * Crony reads (at the first sign-in, so that crony-web starts while the provider is down)
 * @param clientId the client registered with the provider for Crony
 * @param clientSecret its secret, from a secret ({@code CRONY_OIDC_CLIENT_SECRET}); empty
 * for a public client, which PKCE alone protects
 * @param scopes the scopes asked for; {@code openid} is always among them
 * @param groupsClaim the claim that lists the user's groups (a list of names, or one
 * name)
 * @param usernameClaim the claim whose value is the user's name in Crony
 * @param displayName the button's name on the sign-in page ("Sign in with ...")
 * @param postLogoutRedirectUri where the provider sends the browser after signing out;
 * empty: the sign-in page of the address the dashboard was opened at
 */
@ConfigurationProperties("crony.web.auth.oidc")
public record OidcProperties(boolean enabled, String issuer, String clientId, String clientSecret, @DefaultValue( {
		"openid", "profile", "email" }) List<String> scopes, @DefaultValue("groups") String groupsClaim,
		@DefaultValue("preferred_username") String usernameClaim, @DefaultValue("OpenID Connect") String displayName,
		String postLogoutRedirectUri){

	@Override
	public String toString() {
		// the client secret stays out of logs and failure analyses
		return "OidcProperties[issuer=" + this.issuer + ", clientId=" + this.clientId + ", scopes=" + this.scopes
				+ ", groupsClaim=" + this.groupsClaim + ", usernameClaim=" + this.usernameClaim + "]";
	}

}
