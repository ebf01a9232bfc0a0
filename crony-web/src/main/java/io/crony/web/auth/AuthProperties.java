package io.crony.web.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How sign-in works.
 *
 * @param tokenTtl how long a bearer token from {@code POST /api/v1/auth/login} stays
 * valid
 */
@ConfigurationProperties("crony.web.auth")
public record AuthProperties(@DefaultValue("12h") Duration tokenTtl) {

}
