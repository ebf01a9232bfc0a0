package io.crony.web.sso;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.crony.web.audit.Actor;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.DirectoryAccounts;
import io.crony.web.auth.DirectoryAccounts.Account;
import io.crony.web.auth.ExternalSignIn;
import io.crony.web.auth.Memberships;
import io.crony.web.auth.Memberships.GrantChange;
import io.crony.web.auth.Role;
import io.crony.web.auth.UserSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.ldap.authentication.LdapAuthenticationProvider;
import org.springframework.transaction.support.TransactionTemplate;

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

	private final DirectoryAccounts accounts;

	private final Memberships memberships;

	private final GroupMappingMapper mappings;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	LdapSignIn(LdapAuthenticationProvider directory, DirectoryAccounts accounts, Memberships memberships,
			GroupMappingMapper mappings, AuditLog audit, TransactionTemplate transactions) {
		this.directory = directory;
		this.accounts = accounts;
		this.memberships = memberships;
		this.mappings = mappings;
		this.audit = audit;
		this.transactions = transactions;
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
		Outcome outcome = this.transactions.execute((status) -> apply(username, groups));
		if (outcome.refusal() != null) {
			throw outcome.refusal();
		}
		return OptionalLong.of(outcome.userId());
	}

	private Outcome apply(String username, Set<String> groups) {
		Account account = this.accounts.account(username, UserSource.LDAP);
		if (account == null) {
			// a local user of this name exists: only its stored password signs it in
			return new Outcome(0, new NoMappedGroupException(username + " is a local user"));
		}
		if (!account.enabled()) {
			return new Outcome(0, new NoMappedGroupException(username + " is disabled in Crony"));
		}
		Map<Long, Role> grants = grants(groups);
		List<GrantChange> changes = this.memberships.applyGrants(account.id(), UserSource.LDAP, grants);
		Actor actor = Actor.user(account.id(), username);
		for (GrantChange change : changes) {
			AuditAction action = (change.before() == null) ? AuditAction.MEMBER_ADD
					: (change.after() == null) ? AuditAction.MEMBER_REMOVE : AuditAction.MEMBER_UPDATE;
			this.audit.recordIn(change.departmentId(), actor, action, change.departmentId(), change.departmentName(),
					member(username, change.before()), member(username, change.after()));
		}
		if (grants.isEmpty()) {
			log.warn("Sign-in refused for {}: none of the groups {} is mapped to a department", username, groups);
			this.audit.record(actor, AuditAction.LOGIN_REFUSED, account.id(), username, null,
					Map.of("source", UserSource.LDAP.name(), "groups", List.copyOf(groups)));
			return new Outcome(account.id(), new NoMappedGroupException(
					"None of your directory groups is mapped to a Crony department; ask an administrator to map "
							+ "one of them"));
		}
		return new Outcome(account.id(), null);
	}

	// the highest role any of the user's mapped groups grants, per department
	private Map<Long, Role> grants(Set<String> groups) {
		Set<String> names = groups.stream().map((group) -> group.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
		Map<Long, Role> grants = new HashMap<>();
		for (GroupMapping mapping : this.mappings.all()) {
			if (names.contains(mapping.group().toLowerCase(Locale.ROOT))) {
				grants.merge(mapping.departmentId(), mapping.role(), (a, b) -> (a.compareTo(b) >= 0) ? a : b);
			}
		}
		return grants;
	}

	private static Map<String, Object> member(String username, Role role) {
		return (role == null) ? null : Map.of("user", username, "role", role.name(), "grantedBy", "LDAP");
	}

	private record Outcome(long userId, NoMappedGroupException refusal) {
	}

}
