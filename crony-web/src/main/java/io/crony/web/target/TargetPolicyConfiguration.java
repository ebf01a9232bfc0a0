package io.crony.web.target;

import java.util.ArrayList;
import java.util.List;

import io.crony.common.target.PlatformEndpoints;
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
 * the database, the service registry, and its own HTTP port.
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
		int port = environment.getProperty("server.port", Integer.class, 8080);
		if (port > 0) {
			// this server's own API (and the embedded registry on it): a test message
			// must
			// not call crony-web with crony-web's own network position. Port 0 (a random
			// port, tests) is not known yet
			PlatformEndpoints.add(platform, "http://127.0.0.1:" + port);
		}
		log.info("Target policy: allow {}, deny {}, loopback {}, platform endpoints {}", properties.allow(),
				properties.deny(), properties.allowLoopback() ? "allowed" : "denied", platform);
		return TargetPolicy.of(properties.allow(), properties.deny(), properties.allowLoopback(), platform);
	}

}
