package io.crony.web.department;

import io.crony.web.auth.Role;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Bodies of the departments API. */
final class DepartmentRequests {

	private DepartmentRequests() {
	}

	/**
	 * A new department.
	 *
	 * @param name what requests select it by ({@code X-Crony-Department}): 1-63
	 * lower-case letters, digits and '-', starting with a letter or digit; never changes
	 * @param description what the department is
	 * @param retentionDays days its jobs' executions are kept when a job sets none;
	 * absent: the platform default
	 */
	@Schema(name = "DepartmentCreate")
	record Create(@NotBlank @Pattern(regexp = "[a-z0-9][a-z0-9-]{0,62}",
			message = "must be 1-63 lower-case letters, digits or '-', starting with a letter or digit") String name,
			@Size(max = 255) String description, @Min(1) @Max(3650) Integer retentionDays) {
	}

	/**
	 * Changes to a department; the name never changes, and an absent field is cleared.
	 *
	 * @param description what the department is
	 * @param retentionDays days its jobs' executions are kept when a job sets none;
	 * absent: the platform default
	 */
	@Schema(name = "DepartmentUpdate")
	record Update(@Size(max = 255) String description, @Min(1) @Max(3650) Integer retentionDays) {
	}

	/** A user joining the department. */
	@Schema(name = "DepartmentAddMember")
	record AddMember(@NotBlank @Size(max = 64) String username, @NotNull Role role) {
	}

	/** A member's new role. */
	@Schema(name = "DepartmentChangeRole")
	record ChangeRole(@NotNull Role role) {
	}

}
