package io.crony.web.alert;

import java.time.Clock;

import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertSender;
import io.crony.alert.AlertStore;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The shared alert parts (crony-alert), as the web uses them. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertProperties.class)
class AlertConfiguration {

	@Bean
	AlertStore alertStore(JdbcTemplate jdbc, SecretBox secrets) {
		return new AlertStore(jdbc, secrets);
	}

	@Bean
	AlertSender alertSender(AlertProperties properties, MeterRegistry meters, TargetPolicy targetPolicy) {
		return new AlertSender(properties, meters, Clock.systemUTC(), targetPolicy);
	}

	@Bean(destroyMethod = "close")
	AlertDispatcher alertDispatcher(AlertStore store, AlertSender sender, AlertProperties properties,
			MeterRegistry meters) {
		return new AlertDispatcher(store, sender, properties, Clock.systemUTC(), meters);
	}

}
