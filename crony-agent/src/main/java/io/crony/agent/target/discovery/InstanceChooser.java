package io.crony.agent.target.discovery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.cloud.client.ServiceInstance;

/**
 * Picks one instance of a service for a call, by least active calls or by consistent
 * hash, and counts this agent's calls in flight per instance for the former. Round-robin
 * is Spring Cloud LoadBalancer's, except over lists it does not see ({@link #inTurn}).
 */
final class InstanceChooser {

	/**
	 * Calls in flight from this agent, by service and instance address; an instance with
	 * none has no entry, so addresses that come and go leave nothing behind.
	 */
	private final Map<String, Integer> inFlight = new HashMap<>();

	/** Whose turn it is among instances equally busy. */
	private int turn;

	/**
	 * The instance with the fewest calls in flight, the next in turn among equals, its
	 * count already raised: the caller calls {@link #done} once the call ends. Choosing
	 * and counting happen together, so calls chosen at the same moment spread.
	 */
	synchronized ServiceInstance leastActive(String service, List<ServiceInstance> instances) {
		List<ServiceInstance> sorted = sorted(instances);
		int fewest = Integer.MAX_VALUE;
		List<ServiceInstance> idlest = new ArrayList<>();
		for (ServiceInstance instance : sorted) {
			int active = active(service, instance);
			if (active < fewest) {
				fewest = active;
				idlest.clear();
			}
			if (active == fewest) {
				idlest.add(instance);
			}
		}
		ServiceInstance chosen = idlest.get(Math.floorMod(this.turn++, idlest.size()));
		this.inFlight.merge(key(service, chosen), 1, Integer::sum);
		return chosen;
	}

	/**
	 * The next instance in turn, for round-robin over a list Spring Cloud LoadBalancer
	 * does not pick from (one without the instance a run moves away from, a gRPC
	 * service's instances).
	 */
	synchronized ServiceInstance inTurn(List<ServiceInstance> instances) {
		List<ServiceInstance> sorted = sorted(instances);
		return sorted.get(Math.floorMod(this.turn++, sorted.size()));
	}

	/** A call to the instance, chosen by {@link #leastActive}, has ended. */
	synchronized void done(String service, ServiceInstance instance) {
		this.inFlight.computeIfPresent(key(service, instance), (key, active) -> (active > 1) ? active - 1 : null);
	}

	/** Calls in flight from this agent to the instance. */
	synchronized int active(String service, ServiceInstance instance) {
		return this.inFlight.getOrDefault(key(service, instance), 0);
	}

	/**
	 * The instance whose hash with the job's id is highest (rendezvous hashing): the same
	 * one while the set stays the same, and when an instance leaves or joins only the
	 * jobs that scored it highest move.
	 */
	static ServiceInstance byHash(long jobId, List<ServiceInstance> instances) {
		ServiceInstance best = null;
		long bestScore = 0;
		for (ServiceInstance instance : sorted(instances)) {
			long score = mix(fnv1a(key(instance)) ^ mix(jobId));
			if (best == null || Long.compareUnsigned(score, bestScore) > 0) {
				best = instance;
				bestScore = score;
			}
		}
		return best;
	}

	/** An instance by its address: instance ids are not set by every registry. */
	static String key(ServiceInstance instance) {
		return instance.getHost() + ":" + instance.getPort();
	}

	private static String key(String service, ServiceInstance instance) {
		return service + "/" + key(instance);
	}

	/** A stable order, whatever order the registry lists them in. */
	private static List<ServiceInstance> sorted(List<ServiceInstance> instances) {
		List<ServiceInstance> sorted = new ArrayList<>(instances);
		sorted.sort(Comparator.comparing(InstanceChooser::key));
		return sorted;
	}

	private static long fnv1a(String text) {
		long hash = 0xcbf29ce484222325L;
		for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
			hash ^= (b & 0xff);
			hash *= 0x100000001b3L;
		}
		return hash;
	}

	/** SplitMix64's finalizer: neighbouring ids and addresses score far apart. */
	private static long mix(long value) {
		long z = value + 0x9e3779b97f4a7c15L;
		z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
		z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
		return z ^ (z >>> 31);
	}

}
