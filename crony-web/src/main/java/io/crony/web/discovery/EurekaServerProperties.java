package io.crony.web.discovery;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The embedded Eureka server.
 *
 * @param enabled run a Eureka server inside crony-web at {@code /eureka/} (single-box
 * setups; {@code make run} turns it on), off by default
 * @param username the registry user: registering, renewing and removing instances need it
 * (HTTP Basic), reads need it or a signed-in Crony user
 * @param password the registry user's password; empty means a random one, made at start
 * and logged once at warn (clients then cannot know it: configure one for real use)
 */
@ConfigurationProperties("crony.web.eureka-server")
public record EurekaServerProperties(@DefaultValue("false") boolean enabled,
		@DefaultValue("crony-registry") String username, String password) {

}
