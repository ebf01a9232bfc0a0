package io.crony.web.auth;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.MembershipMapper.Member;

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
