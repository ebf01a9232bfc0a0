package io.crony.agent.target.grpc;

import io.crony.common.target.TargetPolicy;
import net.devh.boot.grpc.client.nameresolver.DiscoveryClientResolverFactory;

import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Channels for gRPC targets. */
@Configuration(proxyBeanMethods = false)
class GrpcTargetConfiguration {

	/**
	 * The {@code discovery:///} name resolver. net.devh declares it only when its
	 * auto-configuration already sees a DiscoveryClient bean, which the order of
	 * auto-configurations does not guarantee next to Eureka's client, so the agent
	 * declares it itself ({@link GrpcTarget} makes sure it gets registered).
	 */
	/** The target policy on the address each static:// channel connects to. */
	@Bean
	PolicedStaticChannels policedStaticChannels(TargetPolicy policy) {
		return new PolicedStaticChannels(policy);
	}

	@Bean
	DiscoveryClientResolverFactory grpcDiscoveryClientResolverFactory(DiscoveryClient discovery) {
		return new DiscoveryClientResolverFactory(discovery);
	}

}
