package io.crony.agent.etcd;

import java.util.List;

import io.crony.common.etcd.EtcdTls;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where etcd is, how to sign in to it, and which part of its key space Crony owns.
 *
 * @param endpoints etcd client URLs ({@code https://} with {@code tls})
 * @param prefix key prefix of the whole Crony layout
 * @param user etcd user when etcd has authentication enabled; unset: no authentication
 * @param password that user's password (env {@code CRONY_ETCD_PASSWORD})
 * @param tls TLS towards etcd ({@link EtcdTls})
 */
@ConfigurationProperties("crony.etcd")
public record EtcdProperties(@DefaultValue("http://127.0.0.1:23790") List<String> endpoints,
		@DefaultValue("/crony") String prefix, String user, String password, @DefaultValue EtcdTls tls) {

}
