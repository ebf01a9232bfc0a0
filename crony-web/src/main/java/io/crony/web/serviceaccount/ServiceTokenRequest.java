package io.crony.web.serviceaccount;

import java.util.Set;

import io.crony.web.auth.Scope;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * A new service-account token.
 *
 * @param name 1-64 letters, digits, '.', '_', '-'; unique, also among revoked tokens, so
 * a name in the records always means one token
 * @param scopes what the token may do, at least one
 * @param expiresInDays days until the token stops working, 1-365; default 90
 */
record ServiceTokenRequest(
		@NotBlank @Pattern(regexp = "[A-Za-z0-9._-]{1,64}",
				message = "must be 1-64 letters, digits, '.', '_' or '-'") String name,
		@NotNull @NotEmpty Set<@NotNull Scope> scopes, @Min(1) @Max(365) Integer expiresInDays) {

	static final int DEFAULT_DAYS = 90;

	int days() {
		return (this.expiresInDays != null) ? this.expiresInDays : DEFAULT_DAYS;
	}

}
