package io.crony.common.etcd;

import java.nio.file.Path;

/**
 * TLS towards etcd, as crony-web and the agent bind it under {@code crony.etcd.tls}; on
 * when {@code caFile} is set.
 *
 * @param caFile PEM file of the CA that signed etcd's server certificate
 * @param certFile PEM client certificate, for etcd's {@code --client-cert-auth}
 * @param keyFile PEM (PKCS#8) private key of the client certificate
 * @param authority the name the server certificate must carry, when not the endpoint's
 * host
 */
public record EtcdTls(Path caFile, Path certFile, Path keyFile, String authority) {

}
