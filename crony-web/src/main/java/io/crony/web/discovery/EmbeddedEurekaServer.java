package io.crony.web.discovery;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.netflix.eureka.server.EnableEurekaServer;
import org.springframework.context.annotation.Configuration;

/**
 * An embedded Eureka server for single-box setups ({@code make run}): business services
 * and agents find each other and crony-web through it at {@code /eureka/}. Off unless
 * {@code crony.web.eureka-server.enabled}; production points every part at its own
 * Eureka.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "crony.web.eureka-server.enabled", havingValue = "true")
@EnableEurekaServer
class EmbeddedEurekaServer {

}
