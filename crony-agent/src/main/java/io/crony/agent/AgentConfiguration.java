package io.crony.agent;

import java.time.Clock;
import java.time.Instant;

import javax.net.ssl.SSLException;

import io.crony.agent.etcd.EtcdProperties;
import io.crony.agent.support.AgentIdentity;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.EtcdClients;
import io.crony.common.job.AgentInfo;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretKeys;
import io.etcd.jetcd.Client;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The etcd client, the key layout and the agent's identity. */
@Configuration(proxyBeanMethods = false)
class AgentConfiguration {

	@Bean
	@ConfigurationPropertiesBinding
	static LabelListConverter labelListConverter() {
		return new LabelListConverter();
	}

	// A watcher catching up (after a reload, or behind a burst of writes) gets the events
	// of up to 1,000 revisions in one watch response. One leader transaction puts up to
	// 126 assignments of ~500 bytes, so one response can be many times gRPC's default
	// 4 MB, and a client that refuses it loses its watch on every retry.
	@Bean(destroyMethod = "close")
	Client etcdClient(EtcdProperties etcd, AgentProperties agent) throws SSLException {
		return EtcdClients.connect(etcd.endpoints(), etcd.user(), etcd.password(), etcd.tls(),
				agent.etcdMaxMessageSize().toBytes());
	}

	/**
	 * Opens the secrets crony-web stored sealed: target headers, alert channel secrets.
	 */
	@Bean
	SecretBox secretBox(SecretsProperties properties) {
		return SecretKeys.box(properties.key(), properties.keyFile(), properties.previousKeys());
	}

	@Bean
	CronyKeys cronyKeys(EtcdProperties properties) {
		return new CronyKeys(properties.prefix());
	}

	@Bean
	AgentIdentity agentIdentity(AgentProperties properties, @Value("${server.port:8080}") int serverPort) {
		int port = (properties.port() > 0) ? properties.port() : serverPort;
		String id = properties.id().isBlank() ? properties.host() + ":" + port : properties.id();
		String version = AgentIdentity.class.getPackage().getImplementationVersion();
		AgentInfo info = new AgentInfo(id, properties.host(), port, properties.weight(), properties.labels(),
				(version != null) ? version : "dev", Instant.now());
		return new AgentIdentity(id, info);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
