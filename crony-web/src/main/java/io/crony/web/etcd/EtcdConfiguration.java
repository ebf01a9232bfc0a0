package io.crony.web.etcd;

import javax.net.ssl.SSLException;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.EtcdClients;
import io.etcd.jetcd.Client;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The etcd client and the key layout, one of each per web instance. */
@Configuration(proxyBeanMethods = false)
class EtcdConfiguration {

	// The agent registry watches every node key, assignments included: catching up, it
	// gets the events of up to 1,000 revisions in one watch response, which can be many
	// times gRPC's default 4 MB limit.
	@Bean(destroyMethod = "close")
	Client etcdClient(EtcdProperties properties) throws SSLException {
		return EtcdClients.connect(properties.endpoints(), properties.user(), properties.password(), properties.tls(),
				properties.maxMessageSize().toBytes());
	}

	@Bean
	CronyKeys cronyKeys(EtcdProperties properties) {
		return new CronyKeys(properties.prefix());
	}

}
