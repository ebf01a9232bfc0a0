package io.crony.web.auth;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.MembershipMapper.Member;
import io.crony.web.auth.MembershipMapper.SourcedMembership;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The one place department memberships are written (a department's own deletion aside,
 * which takes all its members at once), by the users API and the members API alike, so
 * the rule that a department keeps an enabled ADMIN member holds on every path
 * (ArchitectureTest keeps the membership writes here).
 */
@Component
public class Memberships {

	private final MembershipMapper members;

	Memberships(MembershipMapper members) {
		this.members = members;
	}

	/**
	 * Makes the user a member of the department.
	 * @throws org.springframework.dao.DuplicateKeyException when the user is one already
	 */
	@Transactional
	public void join(long departmentId, long userId, Role role) {
		this.members.insert(departmentId, userId, role, now());
	}

	/**
	 * Gives the user this role in the department, making them a member when they are not.
	 * @return whether the user was a member already
	 * @throws UserChangeRefusedException when this would take the department's last
	 * enabled ADMIN
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public boolean setRole(DepartmentRef department, long userId, Role role) {
		Member before = this.members.member(department.id(), userId);
		if (before == null) {
			join(department.id(), userId, role);
			return false;
		}
		if (before.role() == Role.ADMIN && role != Role.ADMIN) {
			checkNotLastAdmin(department, before);
		}
		this.members.updateRole(department.id(), userId, role);
		return true;
	}

	/**
	 * Takes the user out of the department.
	 * @throws UserChangeRefusedException when the user is its last enabled ADMIN
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void leave(DepartmentRef department, Member member) {
		if (member.role() == Role.ADMIN) {
			checkNotLastAdmin(department, member);
		}
		this.members.delete(department.id(), member.userId());
	}

	/**
	 * Brings the memberships a directory granted the user in line with the grants its
	 * groups give now: adds the new ones, changes roles, removes the ones no group grants
	 * any more. Memberships given through the API ({@link UserSource#LOCAL}) are left as
	 * they are, also where a group grants the same department. A removal here skips the
	 * last-ADMIN rule: the directory decides who may act for its groups, and a user who
	 * left the group must not keep a department's ADMIN role because of it.
	 * @param grants the role each department's id is granted
	 * @return what changed, one entry per department
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public List<GrantChange> applyGrants(long userId, UserSource source, Map<Long, Role> grants) {
		List<GrantChange> changes = new ArrayList<>();
		Map<Long, SourcedMembership> held = new HashMap<>();
		for (SourcedMembership membership : this.members.sourcedMembershipsOf(userId)) {
			held.put(membership.id(), membership);
			if (membership.grantedBy() == source && !grants.containsKey(membership.id())) {
				this.members.delete(membership.id(), userId);
				changes.add(new GrantChange(membership.id(), membership.name(), membership.role(), null));
			}
		}
		grants.forEach((departmentId, role) -> {
			SourcedMembership before = held.get(departmentId);
			if (before == null) {
				this.members.insertGranted(departmentId, userId, role, now(), source);
				changes.add(new GrantChange(departmentId, null, null, role));
			}
			else if (before.grantedBy() == source && before.role() != role) {
				this.members.updateRole(departmentId, userId, role);
				changes.add(new GrantChange(departmentId, before.name(), before.role(), role));
			}
		});
		return changes;
	}

	/**
	 * One membership a directory granted, changed or took away.
	 *
	 * @param departmentName null for a department the user was not a member of
	 * @param before null when added
	 * @param after null when removed
	 */
	public record GrantChange(long departmentId, String departmentName, Role before, Role after) {
	}

	/**
	 * A department keeps an enabled ADMIN member, so it is never left to global admins
	 * alone.
	 */
	private void checkNotLastAdmin(DepartmentRef department, Member leaving) {
		if (leaving.enabled() && this.members.lockAdmins(department.id()) <= 1) {
			throw new UserChangeRefusedException(
					leaving.username() + " is the last admin of department " + department.name());
		}
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
