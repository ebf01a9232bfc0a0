package io.crony.agent.support;

import io.crony.common.job.AgentInfo;

/**
 * Who this agent is: its stable id and what it announces under its node key.
 *
 * @param id the agent id
 * @param info the announced agent info
 */
public record AgentIdentity(String id, AgentInfo info) {

}
