package io.crony.agent.target;

import java.util.ArrayList;
import java.util.List;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.common.target.PlatformEndpoints;
import io.crony.common.target.TargetPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The target policy every call is checked against, with the platform's own endpoints as
 * this agent knows them: etcd, the database and the service registry.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TargetPolicyProperties.class)
class TargetPolicyConfiguration {

	private static final Logger log = LoggerFactory.getLogger(TargetPolicyConfiguration.class);

	@Bean
	TargetPolicy targetPolicy(TargetPolicyProperties properties, EtcdProperties etcd, Environment environment) {
		List<String> platform = new ArrayList<>();
		etcd.endpoints().forEach((endpoint) -> PlatformEndpoints.add(platform, endpoint));
		PlatformEndpoints.addJdbc(platform, environment.getProperty("spring.datasource.url"));
		PlatformEndpoints.add(platform, environment.getProperty("eureka.client.service-url.defaultZone"));
		log.info("Target policy: allow {}, deny {}, loopback {}, platform endpoints {}", properties.allow(),
				properties.deny(), properties.allowLoopback() ? "allowed" : "denied", platform);
		return TargetPolicy.of(properties.allow(), properties.deny(), properties.allowLoopback(), platform);
	}

}
