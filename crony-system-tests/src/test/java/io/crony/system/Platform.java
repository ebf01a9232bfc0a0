package io.crony.system;

import java.util.LinkedHashMap;
import java.util.Map;

import io.crony.test.CronyServicesExtension;
import io.crony.test.ServiceProcess;

/**
 * crony-web and crony-agent as the system tests start them: from their packaged jars, on
 * the test class's schema and etcd prefix, with the settings every system test needs.
 */
final class Platform {

	/** The embedded Eureka server's user, which every Eureka client of it signs in as. */
	static final String REGISTRY_USER = "crony-registry";

	static final String REGISTRY_PASSWORD = "system-registry-1";

	private Platform() {
	}

	/**
	 * crony-web on {@code port} with the admin's first password and its cluster polled
	 * every 200 ms, plus {@code more}.
	 */
	static ServiceProcess web(String name, CronyServicesExtension services, int port, String password,
			Map<String, String> more) {
		Map<String, String> tuned = new LinkedHashMap<>();
		tuned.put("crony.web.cluster.poll-interval", "200ms");
		tuned.putAll(more);
		return webAtDefaults(name, services, port, password, tuned);
	}

	/**
	 * crony-web on {@code port} with the admin's first password and the cluster settings
	 * it ships with, plus {@code more}.
	 */
	static ServiceProcess webAtDefaults(String name, CronyServicesExtension services, int port, String password,
			Map<String, String> more) {
		Map<String, String> properties = new LinkedHashMap<>(services.properties());
		properties.put("server.port", Integer.toString(port));
		// a port the OS picks when binding: the tests report over REST only, and a port
		// picked ahead may be taken by another process before the web binds it
		properties.put("grpc.server.port", "0");
		properties.put("crony.web.admin.initial-password", password);
		properties.putAll(more);
		return ServiceProcess.java(name, "crony.web.jar", properties);
	}

	/**
	 * crony-agent {@code id} (also its process name) on {@code port}, plus {@code more}.
	 * Start it after crony-web is healthy: it finds the execution token secret in etcd at
	 * once.
	 */
	static ServiceProcess agent(CronyServicesExtension services, String id, int port, Map<String, String> more) {
		Map<String, String> properties = new LinkedHashMap<>(services.properties());
		properties.put("server.port", Integer.toString(port));
		properties.put("crony.agent.id", id);
		properties.put("crony.agent.spool-dir", "target/spool-" + services.schema() + "-" + id);
		properties.put("spring.flyway.enabled", "false");
		properties.putAll(more);
		return ServiceProcess.java(id, "crony.agent.jar", properties);
	}

	/**
	 * crony-web's embedded Eureka server, crony-web registered in it, as make run has it:
	 * listening on loopback only, with no address of its own for Eureka (the services
	 * that find it there must reach it).
	 */
	static Map<String, String> eurekaServer(int webPort) {
		Map<String, String> properties = eurekaClient(webPort);
		properties.put("crony.web.eureka-server.enabled", "true");
		properties.put("crony.web.eureka-server.password", REGISTRY_PASSWORD);
		properties.put("server.address", "127.0.0.1");
		properties.put("grpc.server.address", "127.0.0.1");
		return properties;
	}

	/**
	 * A Eureka client of crony-web's embedded server, fetching the registry every second.
	 */
	static Map<String, String> eurekaClient(int webPort) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("eureka.client.enabled", "true");
		properties.put("eureka.client.service-url.defaultZone", eurekaUrl(webPort));
		properties.put("eureka.client.registry-fetch-interval-seconds", "1");
		return properties;
	}

	/** The embedded registry's URL with its user's credentials, as clients need it. */
	static String eurekaUrl(int webPort) {
		return "http://" + REGISTRY_USER + ":" + REGISTRY_PASSWORD + "@127.0.0.1:" + webPort + "/eureka/";
	}

}
