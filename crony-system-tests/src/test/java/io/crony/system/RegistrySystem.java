package io.crony.system;

import java.time.Duration;
import java.util.Map;

import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.crony.test.ServiceProcess;

/**
 * crony-web with its embedded Eureka server and one crony-agent, with its default
 * settings, that finds services there: for tests whose targets are instances registered
 * in the registry. Signed in as the admin.
 */
final class RegistrySystem implements AutoCloseable {

	final String agentId;

	final Api api;

	final Runs runs;

	final Eureka eureka;

	private final String webUrl;

	private final ServiceProcess web;

	private final ServiceProcess agent;

	/**
	 * @param name the processes' prefix: {@code name-web}, and {@code name-agent}, the
	 * agent's id
	 */
	RegistrySystem(CronyServicesExtension services, String name) {
		this(services, name, Map.of());
	}

	/**
	 * @param name the processes' prefix: {@code name-web}, and {@code name-agent}, the
	 * agent's id
	 * @param both more settings for crony-web and the agent alike (tracing, say)
	 */
	RegistrySystem(CronyServicesExtension services, String name, Map<String, String> both) {
		int webPort = LocalServices.freePort();
		String password = name + "-admin-1";
		Map<String, String> webProperties = Platform.eurekaServer(webPort);
		webProperties.put("eureka.instance.lease-renewal-interval-in-seconds", "1");
		webProperties.putAll(both);
		this.web = Platform.web(name + "-web", services, webPort, password, webProperties);
		this.web.awaitHealthy("http://127.0.0.1:" + webPort + "/actuator/health", Duration.ofMinutes(3));
		this.agentId = name + "-agent";
		int agentPort = LocalServices.freePort();
		Map<String, String> agentProperties = Platform.eurekaClient(webPort);
		agentProperties.putAll(both);
		this.agent = Platform.agent(services, this.agentId, agentPort, agentProperties);
		this.agent.awaitHealthy("http://127.0.0.1:" + agentPort + "/actuator/health", Duration.ofMinutes(3));
		this.api = new Api(webPort);
		this.api.login("admin", password);
		this.runs = new Runs(this.api, this.agentId);
		this.eureka = new Eureka(webPort);
		this.webUrl = "http://127.0.0.1:" + webPort;
	}

	/** crony-web's base URL, as an SDK reports to it. */
	String webUrl() {
		return this.webUrl;
	}

	@Override
	public void close() throws Exception {
		this.agent.close();
		this.web.close();
	}

}
