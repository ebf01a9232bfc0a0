package io.crony.web.auth;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first administrator.
 *
 * @param initialPassword password of the {@code admin} user created on the first start
 * (when there are no users); unset means a random one, logged once at warn
 */
@ConfigurationProperties("crony.web.admin")
public record AdminProperties(String initialPassword) {

}
