package io.crony.web.auth;

import java.time.Instant;
import java.util.List;

import io.crony.web.auth.MembershipMapper.Membership;

/**
 * A user as the API shows it (never the password hash).
 *
 * @param role the user's role in the request's department; null when not a member
 * @param globalAdmin whether the user manages users, departments, agents and the cluster,
 * and is ADMIN in every department
 * @param departments the departments the user is a member of, with the role in each
 */
record UserResponse(long id, String username, Role role, boolean globalAdmin, boolean enabled, Instant createdAt,
		Instant updatedAt, List<MyDepartment> departments) {

	static UserResponse of(AppUser user, List<Membership> memberships, long departmentId) {
		Role role = memberships.stream()
			.filter((m) -> m.id() == departmentId)
			.map(Membership::role)
			.findFirst()
			.orElse(null);
		return new UserResponse(user.getId(), user.getUsername(), role, Boolean.TRUE.equals(user.getGlobalAdmin()),
				user.getEnabled(), user.getCreatedAt(), user.getUpdatedAt(),
				memberships.stream().map((m) -> new MyDepartment(m.id(), m.name(), m.role())).toList());
	}

	record MyDepartment(long id, String name, Role role) {
	}

}
