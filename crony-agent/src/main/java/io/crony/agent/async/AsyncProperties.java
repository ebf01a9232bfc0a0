package io.crony.agent.async;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * ASYNC targets.
 *
 * @param pollInterval how often the rows of accepted attempts are read (one query for
 * all) to learn of reported results and deadlines
 * @param takeoverGrace how long past its deadline another agent's RUNNING async row of a
 * job this agent holds must be before this agent times it out and retries it (its holder
 * is given the first chance)
 * @param statusInterval how often an accepted run of a job with a status URL is asked how
 * it is doing
 * @param lostInstanceGrace how long the instance an accepted run went to must be missing
 * from the registry before the run is resumed on another instance (a registry that
 * briefly lists an instance late does not make the run start twice)
 */
@ConfigurationProperties("crony.agent.async")
public record AsyncProperties(@DefaultValue("500ms") Duration pollInterval, @DefaultValue("3s") Duration takeoverGrace,
		@DefaultValue("5s") Duration statusInterval, @DefaultValue("10s") Duration lostInstanceGrace) {

}
