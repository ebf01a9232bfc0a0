package io.crony.web.target;

import io.crony.common.target.PlatformPolicy;
import io.crony.common.target.TargetPolicy;
import io.crony.web.etcd.EtcdProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The target policy jobs and alert channels are checked against when saved (and test
 * messages when sent), with the platform's own endpoints as crony-web knows them: etcd,
 * the database, the service registry ({@link PlatformPolicy}, crony-agent's too), and its
 * own HTTP port.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TargetPolicyProperties.class)
class TargetPolicyConfiguration {

	private static final Logger log = LoggerFactory.getLogger(TargetPolicyConfiguration.class);

	@Bean
	TargetPolicy targetPolicy(TargetPolicyProperties properties, EtcdProperties etcd, Environment environment) {
		PlatformPolicy settings = PlatformPolicy
			.of(properties.allow(), properties.deny(), properties.allowLoopback(), etcd.endpoints(),
					environment.getProperty("spring.datasource.url"),
					environment.getProperty("eureka.client.service-url.defaultZone"))
			.withOwnPort(environment.getProperty("server.port", Integer.class, 8080));
		log.info("Target policy: {}", settings);
		return settings.policy();
	}

}
