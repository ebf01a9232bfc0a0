package io.crony.common.target;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The connect-time rule the mail sockets and the {@code static://} gRPC channels share:
 * the address and port a socket is about to reach, against the whole policy, and the
 * refusal found again in the failure a client reports. No socket is opened.
 */
class ConnectionCheckTest {

	@Test
	void refusesAResolvedAddressThePolicyDeniesNamingTheRule() throws IOException {
		ConnectionCheck defaults = new ConnectionCheck(TargetPolicy.of(List.of(), List.of(), false, List.of()));
		InetSocketAddress rebound = new InetSocketAddress(
				InetAddress.getByAddress("smtp.example.com", new byte[] { 127, 0, 0, 1 }), 25);

		assertThatThrownBy(() -> defaults.check(rebound)).isInstanceOf(ConnectionCheck.RefusedConnectionException.class)
			.hasMessageStartingWith("refused by the target policy: ")
			.hasMessageContaining("loopback");
	}

	@Test
	void holdsTheEntriesWithAPortAndTheAllowList() {
		ConnectionCheck platform = new ConnectionCheck(
				TargetPolicy.of(List.of(), List.of(), true, List.of("127.0.0.1:2379")));
		ConnectionCheck allowList = new ConnectionCheck(
				TargetPolicy.of(List.of("10.0.0.0/8"), List.of(), true, List.of()));
		InetSocketAddress etcd = new InetSocketAddress(InetAddress.getLoopbackAddress(), 2379);

		assertThatThrownBy(() -> platform.check(etcd)).hasMessageContaining("the platform's own endpoint");
		assertThatNoException()
			.isThrownBy(() -> platform.check(new InetSocketAddress(InetAddress.getLoopbackAddress(), 8080)));
		assertThatThrownBy(() -> allowList.check(etcd)).hasMessageContaining("not in the target policy's allow list");
	}

	@Test
	void findsTheRefusalInTheFailureAClientReports() throws IOException {
		ConnectionCheck defaults = new ConnectionCheck(TargetPolicy.of(List.of(), List.of(), false, List.of()));
		Exception refused = null;
		try {
			defaults.check(new InetSocketAddress(InetAddress.getLoopbackAddress(), 25));
		}
		catch (ConnectionCheck.RefusedConnectionException ex) {
			refused = ex;
		}
		RuntimeException reported = new IllegalStateException("UNAVAILABLE", new IOException("io", refused));

		assertThat(ConnectionCheck.refusalOf(reported)).hasValueSatisfying(
				(refusal) -> assertThat(refusal).startsWith("refused by the target policy: ").contains("loopback"));
		assertThat(ConnectionCheck.refusalOf(new IOException("connection reset"))).isEmpty();
	}

}
