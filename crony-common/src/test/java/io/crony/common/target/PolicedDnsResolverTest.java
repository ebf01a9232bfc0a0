package io.crony.common.target;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A name that resolves to a denied address when the HTTP client connects (DNS rebinding:
 * the check before the call saw another answer) is refused with the rule and no
 * connection, by the whole policy: the default denials, the entries with a port (the
 * platform's own endpoints are such) and the allow list. A real server on loopback counts
 * the connections it accepts; {@code evil.test} resolves to 127.0.0.1 through the test's
 * own resolver, under the policy's checks. Under a second.
 */
class PolicedDnsResolverTest {

	private static final String EVIL = "evil.test";

	private static final DnsResolver EVIL_IS_LOOPBACK = new DnsResolver() {

		@Override
		public InetAddress[] resolve(String host) throws UnknownHostException {
			return EVIL.equals(host) ? new InetAddress[] { InetAddress.getByAddress(EVIL, new byte[] { 127, 0, 0, 1 }) }
					: SystemDefaultDnsResolver.INSTANCE.resolve(host);
		}

		@Override
		public String resolveCanonicalHostname(String host) throws UnknownHostException {
			return host;
		}

	};

	private ServerSocket server;

	private final AtomicInteger accepted = new AtomicInteger();

	@BeforeEach
	void listen() throws IOException {
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(() -> {
			while (!this.server.isClosed()) {
				try (Socket socket = this.server.accept()) {
					this.accepted.incrementAndGet();
					socket.getOutputStream().write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes());
				}
				catch (IOException ex) {
					// closed
				}
			}
		}, "test-server");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	@AfterEach
	void close() throws IOException {
		this.server.close();
	}

	@Test
	void theDefaultPolicyRefusesANameThatResolvesToLoopback() {
		TargetPolicy defaults = TargetPolicy.of(List.of(), List.of(), false, List.of());
		assertThatThrownBy(() -> classicGet(defaults)).isInstanceOf(PolicedDnsResolver.RefusedAddressException.class)
			.hasMessageContaining("loopback");
		assertThat(this.accepted).as("connections").hasValue(0);
	}

	@Test
	void refusesANameThatResolvesToThePlatformsOwnEndpointByItsPort() {
		// make run's policy: loopback allowed, the platform's endpoints on it denied
		TargetPolicy platform = TargetPolicy.of(List.of(), List.of(), true,
				List.of("127.0.0.1:" + this.server.getLocalPort()));
		assertThatThrownBy(() -> classicGet(platform)).isInstanceOf(PolicedDnsResolver.RefusedAddressException.class)
			.hasMessageContaining("the platform's own endpoint")
			.hasMessageContaining(EVIL);
		assertThatThrownBy(() -> asyncGet(platform))
			.hasRootCauseInstanceOf(PolicedDnsResolver.RefusedAddressException.class);
		assertThat(this.accepted).as("connections").hasValue(0);
	}

	@Test
	void refusesANameThatResolvesOutsideTheAllowList() {
		TargetPolicy allowList = TargetPolicy.of(List.of("10.0.0.0/8"), List.of(), true, List.of());
		assertThatThrownBy(() -> classicGet(allowList)).isInstanceOf(PolicedDnsResolver.RefusedAddressException.class)
			.hasMessageContaining("not in the target policy's allow list");
		assertThatThrownBy(() -> asyncGet(allowList))
			.hasRootCauseInstanceOf(PolicedDnsResolver.RefusedAddressException.class);
		assertThat(this.accepted).as("connections").hasValue(0);
	}

	@Test
	void connectsWhereThePolicyAllows() throws Exception {
		TargetPolicy loopback = TargetPolicy.of(List.of(), List.of(), true, List.of());
		assertThat(classicGet(loopback)).isEqualTo(204);
		assertThat(asyncGet(loopback)).isEqualTo(204);
		assertThat(this.accepted).as("connections").hasValue(2);
	}

	// as the alert channels' webhooks connect
	private int classicGet(TargetPolicy policy) throws IOException {
		try (CloseableHttpClient client = HttpClients.custom()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setDnsResolver(new PolicedDnsResolver(policy, EVIL_IS_LOOPBACK))
				.build())
			.disableAutomaticRetries()
			.build()) {
			return client.execute(new HttpGet(url()), (response) -> response.getCode());
		}
	}

	// as the agent's HTTP targets connect
	private int asyncGet(TargetPolicy policy) throws Exception {
		try (CloseableHttpAsyncClient client = HttpAsyncClients.custom()
			.setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
				.setDnsResolver(new PolicedDnsResolver(policy, EVIL_IS_LOOPBACK))
				.build())
			.build()) {
			client.start();
			SimpleHttpRequest request = SimpleRequestBuilder.get(url()).build();
			return client.execute(request, null).get(10, TimeUnit.SECONDS).getCode();
		}
	}

	private String url() {
		return "http://" + EVIL + ":" + this.server.getLocalPort() + "/";
	}

}
