package io.crony.agent;

import java.time.Clock;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.Client;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The etcd client, the key layout and the agent's identity. */
@Configuration(proxyBeanMethods = false)
class AgentConfiguration {

	@Bean(destroyMethod = "close")
	Client etcdClient(EtcdProperties properties) {
		return Client.builder().endpoints(properties.endpoints().toArray(String[]::new)).build();
	}

	@Bean
	CronyKeys cronyKeys(EtcdProperties properties) {
		return new CronyKeys(properties.prefix());
	}

	@Bean
	AgentIdentity agentIdentity(AgentProperties properties, @Value("${server.port:8080}") int serverPort) {
		return AgentIdentity.of(properties, serverPort);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
