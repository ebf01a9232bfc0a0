package io.crony.agent.target;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.common.target.PlatformPolicy;
import io.crony.common.target.TargetPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The target policy every call is checked against, with the platform's own endpoints as
 * this agent knows them: etcd, the database and the service registry
 * ({@link PlatformPolicy}, crony-web's too).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TargetPolicyProperties.class)
class TargetPolicyConfiguration {

	private static final Logger log = LoggerFactory.getLogger(TargetPolicyConfiguration.class);

	@Bean
	TargetPolicy targetPolicy(TargetPolicyProperties properties, EtcdProperties etcd, Environment environment) {
		PlatformPolicy settings = PlatformPolicy.of(properties.allow(), properties.deny(), properties.allowLoopback(),
				etcd.endpoints(), environment.getProperty("spring.datasource.url"),
				environment.getProperty("eureka.client.service-url.defaultZone"));
		log.info("Target policy: {}", settings);
		return settings.policy();
	}

}
