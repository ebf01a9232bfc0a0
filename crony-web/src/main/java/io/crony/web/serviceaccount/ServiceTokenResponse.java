package io.crony.web.serviceaccount;

import java.time.Instant;
import java.util.List;

import io.crony.web.auth.Scope;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A service-account token as the API shows it: never the token, only its first
 * characters.
 *
 * @param status ACTIVE, EXPIRED or REVOKED, at the time of the answer
 */
record ServiceTokenResponse(long id, String name, String tokenHint, List<Scope> scopes, @Schema(allowableValues = {
		"ACTIVE", "EXPIRED", "REVOKED" }) String status, String createdBy, Instant createdAt, Instant expiresAt,
		Instant lastUsedAt, Instant revokedAt, String revokedBy){

	static ServiceTokenResponse of(ServiceToken row, Instant now) {
		String status = (row.getRevokedAt() != null) ? "REVOKED"
				: row.getExpiresAt().isAfter(now) ? "ACTIVE" : "EXPIRED";
		return new ServiceTokenResponse(row.getId(), row.getName(), row.getTokenHint(), ServiceTokens.scopes(row),
				status, row.getCreatedBy(), row.getCreatedAt(), row.getExpiresAt(), row.getLastUsedAt(),
				row.getRevokedAt(), row.getRevokedBy());
	}

}
