package io.crony.web.auth;

import java.time.Instant;

/** A user as the API shows it (never the password hash). */
record UserResponse(long id, String username, Role role, boolean enabled, Instant createdAt, Instant updatedAt) {

	static UserResponse of(AppUser user) {
		return new UserResponse(user.getId(), user.getUsername(), user.getRole(), user.getEnabled(),
				user.getCreatedAt(), user.getUpdatedAt());
	}

}
