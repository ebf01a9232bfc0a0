package io.crony.agent.alert;

import java.time.Clock;

import io.crony.agent.support.AgentIdentity;
import io.crony.agent.schedule.RunListener;
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

/**
 * Run alerts: the agent that ran a run sends its alerts, reading channels from the
 * database it already writes execution records to.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertProperties.class)
class AgentAlertConfiguration {

	@Bean(destroyMethod = "close")
	AlertDispatcher alertDispatcher(JdbcTemplate jdbc, SecretBox secrets, AlertProperties properties,
			MeterRegistry meters, Clock clock, TargetPolicy targetPolicy) {
		AlertStore store = new AlertStore(jdbc, secrets);
		return new AlertDispatcher(store, new AlertSender(properties, meters, clock, targetPolicy), properties, clock,
				meters);
	}

	@Bean
	RunListener runAlerts(AlertDispatcher dispatcher, JdbcTemplate jdbc, SecretBox secrets, AlertProperties properties,
			AgentIdentity identity, Clock clock) {
		if (!properties.enabled()) {
			return RunListener.NONE;
		}
		AlertStore store = new AlertStore(jdbc, secrets);
		return new RunAlerts(dispatcher, store, new ChannelCache(store, properties.channelCacheTtl(), clock),
				new FailureRates(jdbc), new ShardEnds(jdbc), properties, identity.id(), clock);
	}

}
