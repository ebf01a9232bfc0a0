package io.crony.web.etcd;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where etcd is and which part of its key space Crony owns.
 *
 * @param endpoints etcd client URLs, e.g. {@code http://127.0.0.1:2379}
 * @param prefix key prefix of the whole Crony layout (one etcd can serve several
 * clusters)
 * @param maxMessageSize largest message the etcd client takes: one watch response may
 * batch the events of up to 1,000 revisions, well over gRPC's default 4 MB
 */
@ConfigurationProperties("crony.etcd")
public record EtcdProperties(@DefaultValue("http://127.0.0.1:23790") List<String> endpoints,
		@DefaultValue("/crony") String prefix, @DefaultValue("64MB") DataSize maxMessageSize) {

}
