package io.crony.web.etcd;

import java.nio.charset.StandardCharsets;

import javax.net.ssl.SSLException;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.SslContextBuilder;

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
		ClientBuilder builder = Client.builder()
			.endpoints(properties.endpoints().toArray(String[]::new))
			.maxInboundMessageSize(Math.toIntExact(properties.maxMessageSize().toBytes()));
		if (properties.user() != null && !properties.user().isBlank()) {
			builder.user(ByteSequence.from(properties.user(), StandardCharsets.UTF_8))
				.password(ByteSequence.from(String.valueOf(properties.password()), StandardCharsets.UTF_8));
		}
		EtcdProperties.Tls tls = properties.tls();
		if (tls.caFile() != null) {
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

	@Bean
	CronyKeys cronyKeys(EtcdProperties properties) {
		return new CronyKeys(properties.prefix());
	}

}
