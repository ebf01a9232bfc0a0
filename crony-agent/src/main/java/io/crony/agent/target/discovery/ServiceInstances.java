package io.crony.agent.target.discovery;

import java.net.URI;

import io.crony.agent.target.Targets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.cloud.client.loadbalancer.LoadBalancerClient;
import org.springframework.stereotype.Component;

/**
 * Service discovery for targets: {@code lb://service/path} HTTP addresses through Spring
 * Cloud LoadBalancer, and the "is there any instance" check of {@code discovery:///} gRPC
 * targets. Instances come from whatever discovery client is configured: Eureka when
 * {@code eureka.client.enabled} (off by default), else Spring Cloud's simple discovery
 * client ({@code spring.cloud.discovery.client.simple.instances}).
 */
@Component
public class ServiceInstances implements Targets.ServiceResolver {

	private static final Logger logger = LoggerFactory.getLogger(ServiceInstances.class);

	private final DiscoveryClient discovery;

	private final LoadBalancerClient loadBalancer;

	ServiceInstances(DiscoveryClient discovery, LoadBalancerClient loadBalancer) {
		this.discovery = discovery;
		this.loadBalancer = loadBalancer;
	}

	/** Whether discovery knows any instance of the service. */
	public boolean any(String service) {
		return !this.discovery.getInstances(service).isEmpty();
	}

	@Override
	public String resolve(String service, String pathAndQuery) {
		ServiceInstance instance = this.loadBalancer.choose(service);
		if (instance == null) {
			logger.debug("Service {} has no instance", service);
			return null;
		}
		URI base = instance.getUri();
		return base.toString().replaceAll("/+$", "") + pathAndQuery;
	}

}
