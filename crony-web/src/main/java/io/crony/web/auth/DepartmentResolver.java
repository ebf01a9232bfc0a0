package io.crony.web.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.crony.web.auth.CronyPrincipal.DepartmentRef;
import io.crony.web.auth.MembershipMapper.Membership;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.stereotype.Component;

/**
 * Works out which department a person's request works in and with which role: the one the
 * request names ({@link Departments#HEADER}), or the home department (`default` when the
 * user is a member of it, else their first by name). A department the user may not enter
 * answers as one that does not exist.
 */
@Component
class DepartmentResolver {

	static final String HOME = "default";

	/** The authority every signed-in person has, and no service account. */
	static final String PERSON = "PERSON";

	private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

	private final MembershipMapper memberships;

	DepartmentResolver(MembershipMapper memberships) {
		this.memberships = memberships;
	}

	/**
	 * The user's principal in the requested department.
	 * @param requested the department the request names; null for the home department
	 * @throws DepartmentNotFoundException when the user may not work in it
	 */
	CronyPrincipal principal(AppUser user, String requested) {
		boolean globalAdmin = Boolean.TRUE.equals(user.getGlobalAdmin());
		if (requested != null) {
			if (!NAME.matcher(requested).matches()) {
				throw new DepartmentNotFoundException(requested);
			}
			if (globalAdmin) {
				DepartmentRef department = this.memberships.department(requested);
				if (department == null) {
					throw new DepartmentNotFoundException(requested);
				}
				return principal(user, Role.ADMIN, department);
			}
			Membership membership = this.memberships.membership(user.getId(), requested);
			if (membership == null) {
				throw new DepartmentNotFoundException(requested);
			}
			return principal(user, membership.role(), membership.department());
		}
		return home(user, globalAdmin);
	}

	private CronyPrincipal home(AppUser user, boolean globalAdmin) {
		List<Membership> mine = this.memberships.membershipsOf(user.getId());
		Membership home = mine.stream().filter((m) -> HOME.equals(m.name())).findFirst().orElse(null);
		if (home == null && !mine.isEmpty()) {
			home = mine.get(0);
		}
		if (globalAdmin) {
			DepartmentRef department = (home != null) ? home.department() : firstDepartment();
			return principal(user, Role.ADMIN, department);
		}
		return (home != null) ? principal(user, home.role(), home.department()) : principal(user, null, null);
	}

	private DepartmentRef firstDepartment() {
		DepartmentRef home = this.memberships.department(HOME);
		if (home != null) {
			return home;
		}
		List<DepartmentRef> all = this.memberships.departments();
		return all.isEmpty() ? null : all.get(0);
	}

	/**
	 * The departments the user may switch to, with their role in each: every department
	 * as ADMIN for a global admin.
	 */
	List<Membership> departmentsOf(AppUser user) {
		if (Boolean.TRUE.equals(user.getGlobalAdmin())) {
			return this.memberships.departments()
				.stream()
				.map((department) -> new Membership(department.id(), department.name(), Role.ADMIN))
				.toList();
		}
		return this.memberships.membershipsOf(user.getId());
	}

	private static CronyPrincipal principal(AppUser user, Role role, DepartmentRef department) {
		return new CronyPrincipal(user.getId(), user.getUsername(), (department != null) ? role : null, false,
				Boolean.TRUE.equals(user.getGlobalAdmin()), department);
	}

	/** What a person may do: their role in the department, and global admin. */
	static List<GrantedAuthority> authorities(CronyPrincipal principal) {
		List<GrantedAuthority> authorities = new ArrayList<>();
		authorities.add(new SimpleGrantedAuthority(PERSON));
		if (principal.role() != null) {
			authorities.add(new SimpleGrantedAuthority(principal.role().authority()));
		}
		if (principal.globalAdmin()) {
			authorities.add(new SimpleGrantedAuthority(Departments.GLOBAL_ADMIN));
		}
		return authorities;
	}

}
