package io.crony.web.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How sign-in works.
 *
 * @param tokenTtl how long a bearer token from {@code POST /api/v1/auth/login} stays
 * valid
 * @param loginThrottle how many failed sign-ins are allowed before they are refused
 */
@ConfigurationProperties("crony.web.auth")
public record AuthProperties(@DefaultValue("12h") Duration tokenTtl, @DefaultValue LoginThrottle loginThrottle) {

	/**
	 * Failed sign-ins allowed within a sliding window; past them, sign-ins answer 429
	 * with {@code Retry-After} until the oldest failure leaves the window.
	 *
	 * @param failuresPerUser failures for one user name, from any address
	 * @param failuresPerAddress failures from one client address, for any user names
	 * @param window how long a failure counts
	 */
	public record LoginThrottle(@DefaultValue("5") int failuresPerUser, @DefaultValue("20") int failuresPerAddress,
			@DefaultValue("5m") Duration window) {
	}

}
