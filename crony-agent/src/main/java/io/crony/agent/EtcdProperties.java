package io.crony.agent;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where etcd is and which part of its key space Crony owns.
 *
 * @param endpoints etcd client URLs
 * @param prefix key prefix of the whole Crony layout
 */
@ConfigurationProperties("crony.etcd")
public record EtcdProperties(@DefaultValue("http://127.0.0.1:23790") List<String> endpoints,
		@DefaultValue("/crony") String prefix) {

}
