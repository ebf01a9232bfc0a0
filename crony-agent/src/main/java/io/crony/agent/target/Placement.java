package io.crony.agent.target;

/**
 * The instance of a service an attempt's call went to, picked through discovery: what a
 * run moves away from when the instance asks or leaves the registry.
 *
 * @param service the service's name in the registry
 * @param address the instance's {@code host:port} as the registry lists it
 */
public record Placement(String service, String address) {

}
