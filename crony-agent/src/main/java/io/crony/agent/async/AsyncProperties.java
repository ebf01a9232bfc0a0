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
 */
@ConfigurationProperties("crony.agent.async")
public record AsyncProperties(@DefaultValue("500ms") Duration pollInterval, @DefaultValue("3s") Duration takeoverGrace,
		@DefaultValue("5s") Duration statusInterval) {

}
