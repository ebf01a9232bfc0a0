package io.crony.agent.etcd;

import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where etcd is, how to sign in to it, and which part of its key space Crony owns.
 *
 * @param endpoints etcd client URLs ({@code https://} with {@code tls})
 * @param prefix key prefix of the whole Crony layout
 * @param user etcd user when etcd has authentication enabled; unset: no authentication
 * @param password that user's password (env {@code CRONY_ETCD_PASSWORD})
 * @param tls TLS towards etcd
 */
@ConfigurationProperties("crony.etcd")
public record EtcdProperties(@DefaultValue("http://127.0.0.1:23790") List<String> endpoints,
		@DefaultValue("/crony") String prefix, String user, String password, @DefaultValue Tls tls) {

	/**
	 * TLS towards etcd; on when {@code caFile} is set.
	 *
	 * @param caFile PEM file of the CA that signed etcd's server certificate
	 * @param certFile PEM client certificate, for etcd's {@code --client-cert-auth}
	 * @param keyFile PEM (PKCS#8) private key of the client certificate
	 * @param authority the name the server certificate must carry, when not the
	 * endpoint's host
	 */
	public record Tls(Path caFile, Path certFile, Path keyFile, String authority) {

	}

}
