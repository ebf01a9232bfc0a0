package io.crony.web.etcd;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.Client;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The etcd client and the key layout, one of each per web instance. */
@Configuration(proxyBeanMethods = false)
class EtcdConfiguration {

	@Bean(destroyMethod = "close")
	Client etcdClient(EtcdProperties properties) {
		return Client.builder().endpoints(properties.endpoints().toArray(String[]::new)).build();
	}

	@Bean
	CronyKeys cronyKeys(EtcdProperties properties) {
		return new CronyKeys(properties.prefix());
	}

}
