package io.crony.web.serviceaccount;

/**
 * The answer to a token's creation: the only time the token itself is shown.
 *
 * @param token the bearer token ({@code Authorization: Bearer <token>}); store it now, it
 * cannot be read again
 * @param serviceToken the token's record
 */
record CreatedServiceToken(String token, ServiceTokenResponse serviceToken) {

}
