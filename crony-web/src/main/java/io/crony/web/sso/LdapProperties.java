package io.crony.web.sso;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Sign-in through an LDAP directory or Active Directory: bind as the user, then search
 * the user's groups.
 *
 * @param enabled whether user names that are no local user are signed in through the
 * directory
 * @param url the server with the base all other names are relative to, for example
 * {@code ldaps://ldap.example.com:636/dc=example,dc=com}
 * @param userDnPattern where a user's entry is, {@code {0}} the user name, for example
 * {@code uid={0},ou=people} (one pattern: a list property would be split at its commas);
 * or instead:
 * @param userSearchBase where to search for the user's entry ({@code ""}: from the base)
 * @param userSearchFilter the user search, for example {@code (uid={0})} or
 * {@code (sAMAccountName={0})}
 * @param groupSearchBase where the groups are, for example {@code ou=groups}
 * @param groupSearchFilter the groups the user is in: {@code {0}} the user's full DN,
 * {@code {1}} the user name
 * @param groupNameAttribute the group attribute the mappings name ({@code cn})
 * @param managerDn the account that searches users and groups when anonymous clients may
 * not (empty: anonymous)
 * @param managerPassword its password, from a secret
 * ({@code CRONY_LDAP_MANAGER_PASSWORD})
 * @param referral {@code follow}, {@code ignore} (Active Directory often needs it) or
 * {@code throw}
 */
@ConfigurationProperties("crony.web.auth.ldap")
public record LdapProperties(boolean enabled, String url, String userDnPattern, @DefaultValue("") String userSearchBase,
		String userSearchFilter, @DefaultValue("") String groupSearchBase,
		@DefaultValue("(member={0})") String groupSearchFilter, @DefaultValue("cn") String groupNameAttribute,
		String managerDn, String managerPassword, String referral) {

	@Override
	public String toString() {
		// the manager's password stays out of logs and failure analyses
		return "LdapProperties[url=" + this.url + ", userDnPattern=" + this.userDnPattern + ", userSearchFilter="
				+ this.userSearchFilter + ", groupSearchBase=" + this.groupSearchBase + ", managerDn=" + this.managerDn
				+ "]";
	}

}
