package io.crony.web.sso;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.crony.web.audit.Actor;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.DirectoryAccounts;
import io.crony.web.auth.DirectoryAccounts.Account;
import io.crony.web.auth.Memberships;
import io.crony.web.auth.Memberships.GrantChange;
import io.crony.web.auth.Role;
import io.crony.web.auth.UserSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a sign-in through a directory or provider grants: the user's memberships granted
 * by that source become exactly what their groups' mappings grant now (memberships given
 * through the API are left alone), each change audited; a user none of whose groups is
 * mapped is refused and keeps no membership that source granted.
 */
@Component
class GroupGrants {

	private static final Logger log = LoggerFactory.getLogger(GroupGrants.class);

	private final DirectoryAccounts accounts;

	private final Memberships memberships;

	private final GroupMappingMapper mappings;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	GroupGrants(DirectoryAccounts accounts, Memberships memberships, GroupMappingMapper mappings, AuditLog audit,
			TransactionTemplate transactions) {
		this.accounts = accounts;
		this.memberships = memberships;
		this.mappings = mappings;
		this.audit = audit;
		this.transactions = transactions;
	}

	/**
	 * Creates the user at their first sign-in and applies their groups, in one
	 * transaction.
	 * @param noMappedGroup the refusal a user none of whose groups is mapped is told
	 * @return the user's id
	 * @throws Refused when the name is a user of another source (a local user signs in
	 * only with the password stored here), the user is disabled here, or none of the
	 * groups is mapped
	 */
	long apply(String username, UserSource source, Collection<String> groupNames, String noMappedGroup) {
		Set<String> groups = new TreeSet<>(groupNames);
		Outcome outcome = this.transactions.execute((status) -> applyInTransaction(username, source, groups));
		if (outcome.refusal() != null) {
			throw new Refused(outcome.refusal(), outcome.refusal() == Refusal.NO_MAPPED_GROUP ? noMappedGroup : username
					+ ((outcome.refusal() == Refusal.OTHER_SOURCE) ? " is a local user" : " is disabled in Crony"));
		}
		return outcome.userId();
	}

	private Outcome applyInTransaction(String username, UserSource source, Set<String> groups) {
		Account account = this.accounts.account(username, source);
		if (account == null) {
			return new Outcome(0, Refusal.OTHER_SOURCE);
		}
		if (!account.enabled()) {
			return new Outcome(0, Refusal.DISABLED);
		}
		Map<Long, Role> grants = grants(groups);
		List<GrantChange> changes = this.memberships.applyGrants(account.id(), source, grants);
		Actor actor = Actor.user(account.id(), username);
		for (GrantChange change : changes) {
			AuditAction action = (change.before() == null) ? AuditAction.MEMBER_ADD
					: (change.after() == null) ? AuditAction.MEMBER_REMOVE : AuditAction.MEMBER_UPDATE;
			this.audit.recordIn(change.departmentId(), actor, action, change.departmentId(), change.departmentName(),
					member(username, change.before(), source), member(username, change.after(), source));
		}
		if (grants.isEmpty()) {
			log.warn("Sign-in through {} refused for {}: none of the groups {} is mapped to a department", source,
					username, groups);
			this.audit.record(actor, AuditAction.LOGIN_REFUSED, account.id(), username, null,
					Map.of("source", source.name(), "groups", List.copyOf(groups)));
			return new Outcome(account.id(), Refusal.NO_MAPPED_GROUP);
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

	private static Map<String, Object> member(String username, Role role, UserSource source) {
		return (role == null) ? null : Map.of("user", username, "role", role.name(), "grantedBy", source.name());
	}

	/** Why a sign-in the source accepted gives no access here. */
	enum Refusal {

		/** none of the user's groups is mapped to a department */
		NO_MAPPED_GROUP,

		/** the name is a local user's (or another source's) */
		OTHER_SOURCE,

		/** an admin disabled the user here */
		DISABLED

	}

	/** The source accepted the user, Crony does not. */
	static final class Refused extends RuntimeException {

		private final Refusal refusal;

		Refused(Refusal refusal, String message) {
			super(message, null, false, false);
			this.refusal = refusal;
		}

		Refusal refusal() {
			return this.refusal;
		}

	}

	private record Outcome(long userId, Refusal refusal) {
	}

}
