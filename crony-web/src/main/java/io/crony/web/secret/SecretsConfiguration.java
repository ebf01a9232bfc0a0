package io.crony.web.secret;

import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretKeys;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The box stored secrets are sealed in and opened from. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecretsProperties.class)
class SecretsConfiguration {

	@Bean
	SecretBox secretBox(SecretsProperties properties) {
		return SecretKeys.box(properties.key(), properties.keyFile(), properties.previousKeys());
	}

}
