package io.crony.web.discovery;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The embedded Eureka server.
 *
 * @param enabled run a Eureka server inside crony-web at {@code /eureka/} (single-box
 * setups; {@code make run} turns it on), off by default
 */
@ConfigurationProperties("crony.web.eureka-server")
public record EurekaServerProperties(@DefaultValue("false") boolean enabled) {

}
