package io.crony.agent;

import java.time.Instant;

import io.crony.common.job.AgentInfo;

/**
 * Who this agent is: its stable id and what it announces under its node key.
 *
 * @param id the agent id
 * @param info the announced agent info
 */
public record AgentIdentity(String id, AgentInfo info) {

	static AgentIdentity of(AgentProperties properties, int serverPort) {
		int port = (properties.port() > 0) ? properties.port() : serverPort;
		String id = properties.id().isBlank() ? properties.host() + ":" + port : properties.id();
		String version = AgentIdentity.class.getPackage().getImplementationVersion();
		AgentInfo info = new AgentInfo(id, properties.host(), port, properties.weight(), properties.labels(),
				(version != null) ? version : "dev", Instant.now());
		return new AgentIdentity(id, info);
	}

}
