package io.crony.web.auth;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

/** Bodies of the users API. */
final class UserRequests {

	private UserRequests() {
	}

	/**
	 * A new user.
	 *
	 * @param username 1-64 letters, digits, '.', '_', '-'
	 * @param password at least 12 characters, at most 72 bytes, not containing the user
	 * name, not a common password ({@link PasswordPolicy})
	 * @param role the role in the request's department, which the user joins; absent: the
	 * user joins no department
	 * @param globalAdmin whether the user is a global admin; default false
	 * @param enabled whether the user may sign in; default true
	 */
	@Schema(name = "UserCreate")
	record Create(
			@NotBlank @Pattern(regexp = "[A-Za-z0-9._-]{1,64}",
					message = "must be 1-64 letters, digits, '.', '_' or '-'") String username,
			@NotBlank String password, Role role, Boolean globalAdmin, Boolean enabled) {
	}

	/**
	 * Changes to a user; absent fields stay as they are.
	 *
	 * @param role new role in the request's department (joining it when not a member)
	 * @param globalAdmin whether the user is a global admin
	 * @param enabled whether the user may sign in (false also ends the user's sessions)
	 * @param password new password (ends the user's sessions), by {@link PasswordPolicy}
	 */
	@Schema(name = "UserUpdate")
	record Update(Role role, Boolean globalAdmin, Boolean enabled, String password) {
	}

}
