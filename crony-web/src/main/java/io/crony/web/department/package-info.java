/**
 * Departments and their members: the teams that share one Crony. Each job, alert channel
 * and service token belongs to one department; a user holds a role in each department
 * they are a member of. Which department a request works in is decided at sign-in
 * ({@link io.crony.web.auth.Departments}).
 */
package io.crony.web.department;
