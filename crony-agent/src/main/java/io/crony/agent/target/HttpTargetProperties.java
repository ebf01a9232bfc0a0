package io.crony.agent.target;

import java.time.Duration;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * HTTP targets ({@code crony.agent.http}) share one pool of kept-alive connections. Calls
 * beyond a bound wait in the pool for a free connection (counted in the attempt's
 * timeout) instead of opening more: a burst of calls due in the same instant then reuses
 * a few hundred connections instead of connecting once per call.
 *
 * @param maxConnectionsPerHost most connections open to one target host and port
 * @param maxConnections most connections open in total
 * @param connectTimeout how long a connect may take; the socket is closed after it
 * @param idleTimeout idle connections older than this are closed
 * @param ioThreads I/O threads of the client; 0 means one per CPU
 */
public record HttpTargetProperties(@DefaultValue("200") int maxConnectionsPerHost,
		@DefaultValue("1000") int maxConnections, @DefaultValue("5s") Duration connectTimeout,
		@DefaultValue("30s") Duration idleTimeout, @DefaultValue("0") int ioThreads) {

}
