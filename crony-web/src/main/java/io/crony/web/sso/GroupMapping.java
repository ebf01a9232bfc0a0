package io.crony.web.sso;

import java.time.Instant;

import io.crony.web.auth.Role;

/**
 * A directory group that grants a role in a department: every member of the group who
 * signs in through the directory works in the department with that role.
 *
 * @param group the group's name as the directory returns it (an LDAP group's {@code cn}),
 * compared without regard to case
 * @param departmentId the department's id
 * @param department the department's name
 * @param role the role the group grants there
 */
record GroupMapping(long id, String group, long departmentId, String department, Role role, String createdBy,
		Instant createdAt, Instant updatedAt) {
}
