package io.crony.agent.target.discovery;

import java.util.Comparator;
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

	/** Where net.devh's gRPC server registers its port in the instance's metadata. */
	private static final String GRPC_PORT = "gRPC_port";

	private final DiscoveryClient discovery;

	private final LoadBalancerClient loadBalancer;

	private final InstanceChooser chooser = new InstanceChooser();

	public ServiceInstances(DiscoveryClient discovery, LoadBalancerClient loadBalancer) {
		this.discovery = discovery;
		this.loadBalancer = loadBalancer;
	}

	/** Whether discovery knows any instance of the service. */
	public boolean any(String service) {
		return !this.discovery.getInstances(service).isEmpty();
	}

	@Override
	public Targets.Resolved resolve(String service, String pathAndQuery, long jobId, InstanceChoice choice,
			String avoid) {
		ServiceInstance instance = (choice == InstanceChoice.ROUND_ROBIN && avoid == null)
				? this.loadBalancer.choose(service)
				: choose(service, without(avoid, this.discovery.getInstances(service)), jobId, choice);
		if (instance == null) {
			logger.debug("Service {} has no instance", service);
			return null;
		}
		return resolved(service, instance, choice, instance.getUri().toString().replaceAll("/+$", "") + pathAndQuery);
	}

	/**
	 * A {@code discovery:///} gRPC target's instance at its gRPC port, for calls that
	 * need to know it (chosen other than round-robin, ASYNC runs that may move); other
	 * calls use gRPC's own balancer on the service's channel and are not asked here.
	 */
	@Override
	public Targets.Resolved resolveGrpc(String service, String handlerPath, long jobId, InstanceChoice choice,
			String avoid) {
		List<ServiceInstance> serving = without(avoid, this.discovery.getInstances(service)).stream()
			.filter((instance) -> grpcPort(instance) > 0)
			.toList();
		ServiceInstance instance = choose(service, serving, jobId, choice);
		if (instance == null) {
			logger.debug("Service {} has no gRPC instance", service);
			return null;
		}
		return resolved(service, instance, choice,
				"static://" + instance.getHost() + ":" + grpcPort(instance) + handlerPath);
	}

	@Override
	public boolean listed(String service, String address) {
		return this.discovery.getInstances(service)
			.stream()
			.anyMatch((instance) -> InstanceChooser.key(instance).equals(address));
	}

	@Override
	public List<Targets.Resolved> all(String service, String rest, boolean grpc) {
		return this.discovery.getInstances(service)
			.stream()
			.filter((instance) -> !grpc || grpcPort(instance) > 0)
			.sorted(Comparator.comparing(InstanceChooser::key))
			.map((instance) -> new Targets.Resolved(
					grpc ? "static://" + instance.getHost() + ":" + grpcPort(instance) + rest
							: instance.getUri().toString().replaceAll("/+$", "") + rest,
					InstanceChooser.key(instance)))
			.toList();
	}

	private static List<ServiceInstance> without(String avoid, List<ServiceInstance> instances) {
		return (avoid == null) ? instances
				: instances.stream().filter((instance) -> !InstanceChooser.key(instance).equals(avoid)).toList();
	}

	private ServiceInstance choose(String service, List<ServiceInstance> instances, long jobId, InstanceChoice choice) {
		if (instances.isEmpty()) {
			return null;
		}
		return switch (choice) {
			case LEAST_ACTIVE -> this.chooser.leastActive(service, instances);
			case CONSISTENT_HASH -> InstanceChooser.byHash(jobId, instances);
			case ROUND_ROBIN -> this.chooser.inTurn(instances);
		};
	}

	private Targets.Resolved resolved(String service, ServiceInstance instance, InstanceChoice choice, String url) {
		String address = InstanceChooser.key(instance);
		return (choice == InstanceChoice.LEAST_ACTIVE)
				? new Targets.Resolved(url, address, () -> this.chooser.done(service, instance))
				: new Targets.Resolved(url, address);
	}

	/**
	 * The port an instance serves gRPC on, as net.devh's discovery name resolver reads
	 * it: the {@code gRPC_port} metadata its server registers, else the instance's port;
	 * -1 (or anything not a port) when it serves no gRPC.
	 */
	static int grpcPort(ServiceInstance instance) {
		String port = (instance.getMetadata() != null) ? instance.getMetadata().get(GRPC_PORT) : null;
		if (port == null) {
			return instance.getPort();
		}
		try {
			return Integer.parseInt(port.trim());
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

}
