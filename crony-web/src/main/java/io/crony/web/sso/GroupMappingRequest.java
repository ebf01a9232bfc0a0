package io.crony.web.sso;

import io.crony.web.api.PlainName;
import io.crony.web.auth.Role;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A group mapping to create, or its new settings.
 *
 * @param group the directory group's name (an LDAP group's {@code cn}, for example
 * {@code ops-team}); compared without regard to case
 * @param department the department's name
 * @param role the role the group grants there
 */
@Schema(name = "SsoGroupMappingRequest")
record GroupMappingRequest(@NotBlank @Size(max = 255) @PlainName String group,
		@NotBlank @Size(max = 64) String department, @NotNull Role role) {
}
