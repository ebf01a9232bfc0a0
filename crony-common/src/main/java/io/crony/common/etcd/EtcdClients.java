package io.crony.common.etcd;

import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.net.ssl.SSLException;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.SslContextBuilder;

/**
 * The etcd client of crony-web and of the agent, built the same way from each one's
 * {@code crony.etcd} settings.
 */
public final class EtcdClients {

	private EtcdClients() {
	}

	/**
	 * @param endpoints etcd client URLs ({@code https://} with TLS)
	 * @param user etcd user when etcd has authentication enabled; null or blank: none
	 * @param password that user's password
	 * @param tls TLS towards etcd; off when its {@code caFile} is unset
	 * @param maxInboundBytes largest message the client takes (a watch response catching
	 * up can be many times gRPC's default 4 MB)
	 */
	public static Client connect(List<String> endpoints, String user, String password, EtcdTls tls,
			long maxInboundBytes) throws SSLException {
		ClientBuilder builder = Client.builder()
			.endpoints(endpoints.toArray(String[]::new))
			.maxInboundMessageSize(Math.toIntExact(maxInboundBytes));
		if (user != null && !user.isBlank()) {
			builder.user(ByteSequence.from(user, StandardCharsets.UTF_8))
				.password(ByteSequence.from(String.valueOf(password), StandardCharsets.UTF_8));
		}
		if (tls != null && tls.caFile() != null) {
			SslContextBuilder ssl = GrpcSslContexts.forClient().trustManager(tls.caFile().toFile());
			if (tls.certFile() != null) {
				ssl.keyManager(tls.certFile().toFile(), tls.keyFile().toFile());
			}
			builder.sslContext(ssl.build());
			if (tls.authority() != null) {
				builder.authority(tls.authority());
			}
		}
		return builder.build();
	}

}
