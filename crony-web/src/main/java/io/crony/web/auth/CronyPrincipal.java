package io.crony.web.auth;

/**
 * The signed-in user of a request ({@code @AuthenticationPrincipal CronyPrincipal}).
 *
 * @param id user id
 * @param username login name, recorded as createdBy / requestedBy
 * @param role the user's role
 */
public record CronyPrincipal(long id, String username, Role role) {

}
