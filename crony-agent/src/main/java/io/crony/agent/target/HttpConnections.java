package io.crony.agent.target;

import java.time.Duration;

import io.crony.common.target.PolicedDnsResolver;
import io.crony.common.target.TargetPolicy;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the HTTP targets' client: Apache HttpClient 5 (async, version managed by Spring
 * Boot) over a pooling connection manager. The JDK client has no bound on connections per
 * host: under a burst it connects once per simultaneous call. This pool keeps at most
 * {@code maxConnectionsPerHost} per host and port, lets further calls wait (in order) for
 * one to come free, keeps idle connections alive for reuse, and closes a socket whose
 * connect timed out.
 */
final class HttpConnections {

	private HttpConnections() {
	}

	static CloseableHttpAsyncClient client(HttpTargetProperties settings, TargetPolicy policy) {
		PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
			// every connection's addresses pass the target policy
			.setDnsResolver(new PolicedDnsResolver(policy))
			.setMaxConnPerRoute(settings.maxConnectionsPerHost())
			.setMaxConnTotal(settings.maxConnections())
			// STRICT: the bounds are hard limits; LIFO: the most recently used (surely
			// still open) connection first, the rest age out
			.setPoolConcurrencyPolicy(PoolConcurrencyPolicy.STRICT)
			.setConnPoolPolicy(PoolReusePolicy.LIFO)
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(timeout(settings.connectTimeout()))
				// a connection the server may have closed while idle is checked first
				.setValidateAfterInactivity(TimeValue.ofSeconds(2))
				.build())
			.build();
		IOReactorConfig reactor = IOReactorConfig.custom()
			.setIoThreadCount(
					(settings.ioThreads() > 0) ? settings.ioThreads() : Runtime.getRuntime().availableProcessors())
			.setTcpNoDelay(true)
			.build();
		return HttpAsyncClients.custom()
			.setConnectionManager(pool)
			.setIOReactorConfig(reactor)
			// the job's retry policy decides about retries, except for a request never
			// sent; redirects are the job's answer
			.setRetryStrategy(new UnsentRequestRetries())
			.disableRedirectHandling()
			.disableCookieManagement()
			.disableAuthCaching()
			.evictIdleConnections(TimeValue.ofMilliseconds(settings.idleTimeout().toMillis()))
			.build();
	}

	private static Timeout timeout(Duration duration) {
		return Timeout.ofMilliseconds(duration.toMillis());
	}

}
