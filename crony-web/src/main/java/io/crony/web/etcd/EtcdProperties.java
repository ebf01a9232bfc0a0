package io.crony.web.etcd;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where etcd is and which part of its key space Crony owns.
 *
 * @param endpoints etcd client URLs, e.g. {@code http://127.0.0.1:2379}
 * @param prefix key prefix of the whole Crony layout (one etcd can serve several
 * clusters)
 */
@ConfigurationProperties("crony.etcd")
public record EtcdProperties(@DefaultValue("http://127.0.0.1:23790") List<String> endpoints,
		@DefaultValue("/crony") String prefix) {

}
