package io.crony.web.sso;

import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.crony.web.auth.ExternalSignIn;
import io.crony.web.auth.UserSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.ldap.authentication.LdapAuthenticationProvider;

/**
 * Signs a user in through the directory and applies the group mappings: the user's
 * directory-granted memberships become exactly what their groups grant now, so a user
 * taken out of a group loses that department at their next sign-in, and a user none of
 * whose groups is mapped is refused (and keeps no directory-granted membership).
 */
class LdapSignIn implements ExternalSignIn {

	private static final Logger log = LoggerFactory.getLogger(LdapSignIn.class);

	// the user names Crony accepts for its own users; anything else never reaches the
	// directory
	private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

	private final LdapAuthenticationProvider directory;

	private final GroupGrants grants;

	LdapSignIn(LdapAuthenticationProvider directory, GroupGrants grants) {
		this.directory = directory;
		this.grants = grants;
	}

	@Override
	public OptionalLong signIn(String username, String password) {
		if (!USERNAME.matcher(username).matches()) {
			return OptionalLong.empty();
		}
		Set<String> groups;
		try {
			Authentication signedIn = this.directory
				.authenticate(UsernamePasswordAuthenticationToken.unauthenticated(username, password));
			groups = signedIn.getAuthorities()
				.stream()
				.map(GrantedAuthority::getAuthority)
				.collect(Collectors.toCollection(java.util.TreeSet::new));
		}
		catch (InternalAuthenticationServiceException ex) {
			log.error("The directory could not be asked about {}: {}", username, ex.getMessage());
			throw new DirectoryUnavailableException();
		}
		catch (AuthenticationException ex) {
			log.info("The directory refused {}: {}", username, ex.getMessage());
			return OptionalLong.empty();
		}
		try {
			return OptionalLong.of(this.grants.apply(username, UserSource.LDAP, groups,
					"None of your directory groups is mapped to a Crony department; ask an administrator to map "
							+ "one of them"));
		}
		catch (GroupGrants.Refused ex) {
			// a local user of this name signs in only with its stored password
			throw new NoMappedGroupException(ex.getMessage());
		}
	}

}
