package io.crony.agent.target.discovery;

import java.util.List;

import io.crony.agent.target.Targets;
import io.crony.common.job.InstanceChoice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.cloud.client.loadbalancer.LoadBalancerClient;
import org.springframework.stereotype.Component;

/**
 * Service discovery for targets: {@code lb://service/path} HTTP addresses, and the "is
 * there any instance" check of {@code discovery:///} gRPC targets. An {@code lb://}
 * address goes to the instance its job's {@link InstanceChoice} picks: round-robin
 * through Spring Cloud LoadBalancer, least active calls or consistent hash through
 * {@link InstanceChooser} over the discovery client's instances. Instances come from
 * whatever discovery client is configured: Eureka when {@code eureka.client.enabled} (off
 * by default), else Spring Cloud's simple discovery client
 * ({@code spring.cloud.discovery.client.simple.instances}).
 */
@Component
public class ServiceInstances implements Targets.ServiceResolver {

	private static final Logger logger = LoggerFactory.getLogger(ServiceInstances.class);

	private final DiscoveryClient discovery;

	private final LoadBalancerClient loadBalancer;

	private final InstanceChooser chooser = new InstanceChooser();

	ServiceInstances(DiscoveryClient discovery, LoadBalancerClient loadBalancer) {
		this.discovery = discovery;
		this.loadBalancer = loadBalancer;
	}

	/** Whether discovery knows any instance of the service. */
	public boolean any(String service) {
		return !this.discovery.getInstances(service).isEmpty();
	}

	@Override
	public Targets.Resolved resolve(String service, String pathAndQuery, long jobId, InstanceChoice choice) {
		ServiceInstance instance = switch (choice) {
			case ROUND_ROBIN -> this.loadBalancer.choose(service);
			case CONSISTENT_HASH -> InstanceChooser.byHash(jobId, this.discovery.getInstances(service));
			case LEAST_ACTIVE -> {
				List<ServiceInstance> instances = this.discovery.getInstances(service);
				yield instances.isEmpty() ? null : this.chooser.leastActive(service, instances);
			}
		};
		if (instance == null) {
			logger.debug("Service {} has no instance", service);
			return null;
		}
		String url = instance.getUri().toString().replaceAll("/+$", "") + pathAndQuery;
		return (choice == InstanceChoice.LEAST_ACTIVE)
				? new Targets.Resolved(url, () -> this.chooser.done(service, instance)) : new Targets.Resolved(url);
	}

}
