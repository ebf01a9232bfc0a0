package io.crony.web.workflow;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the web leader moves workflows on ({@code crony.web.workflow.*}).
 *
 * @param enabled whether the leader releases waiting fires and starts dependents at all
 * @param interval how often it looks: a released run starts at most this much after its
 * last upstream succeeded (plus the agent's reaction)
 * @param lookBack how long before a cycle's start an upstream run may have started and
 * still count for the cycle when it finishes inside it
 * @param retryAfter how long a released run may stay untaken before its request is put
 * again (its agent died, or etcd failed between the release and the request)
 */
@ConfigurationProperties("crony.web.workflow")
record WorkflowProperties(@DefaultValue("true") boolean enabled, @DefaultValue("1s") Duration interval,
		@DefaultValue("1d") Duration lookBack, @DefaultValue("5s") Duration retryAfter) {
}
