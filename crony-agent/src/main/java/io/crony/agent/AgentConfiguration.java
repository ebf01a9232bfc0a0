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

	// A watcher catching up (after a reload, or behind a burst of writes) gets the events
	// of up to 1,000 revisions in one watch response. One leader transaction puts up to
	// 126 assignments of ~500 bytes, so one response can be many times gRPC's default
	// 4 MB, and a client that refuses it loses its watch on every retry.
	@Bean(destroyMethod = "close")
	Client etcdClient(EtcdProperties etcd, AgentProperties agent) {
		return Client.builder()
			.endpoints(etcd.endpoints().toArray(String[]::new))
			.maxInboundMessageSize(Math.toIntExact(agent.etcdMaxMessageSize().toBytes()))
			.build();
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
