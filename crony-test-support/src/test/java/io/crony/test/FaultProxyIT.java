package io.crony.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The fault proxy against a real TCP echo server: what passes, what a cut does to live
 * and new connections, and that a restore and a heal bring the route back. About 2 s (one
 * toxiproxy-server process).
 */
class FaultProxyIT {

	private static ServerSocket echo;

	private static FaultProxy proxy;

	@BeforeAll
	static void start() throws IOException {
		echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(FaultProxyIT::serveEcho, "echo");
		acceptor.setDaemon(true);
		acceptor.start();
		proxy = FaultProxy.start();
	}

	@AfterAll
	static void stop() throws IOException {
		if (proxy != null) {
			proxy.close();
		}
		echo.close();
	}

	@Test
	void aCutResetsLiveConnectionsAndRefusesNewOnesUntilRestored() throws IOException {
		FaultProxy.Route route = proxy.route("cut", echo.getLocalPort());
		try (Socket live = connect(route)) {
			assertThat(roundTrip(live, 'a')).isEqualTo('a');

			route.cut();

			// the live connection ends (EOF or reset), never echoes again
			assertThat(readAfterCut(live)).isTrue();
			assertThatThrownBy(() -> connect(route)).isInstanceOf(IOException.class);
		}

		route.restore();

		await("route restored").atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
			try (Socket again = connect(route)) {
				assertThat(roundTrip(again, 'b')).isEqualTo('b');
			}
		});
	}

	@Test
	void latencyDelaysWhatComesBackUntilHealed() throws IOException {
		FaultProxy.Route route = proxy.route("slow", echo.getLocalPort());
		route.latency(Duration.ofMillis(700));
		try (Socket slow = connect(route)) {
			long started = System.nanoTime();
			assertThat(roundTrip(slow, 'c')).isEqualTo('c');
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(700));
		}

		route.heal();

		try (Socket quick = connect(route)) {
			long started = System.nanoTime();
			assertThat(roundTrip(quick, 'd')).isEqualTo('d');
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(700));
		}
	}

	@Test
	void resetPeerResetsConnections() throws IOException {
		FaultProxy.Route route = proxy.route("reset", echo.getLocalPort());
		route.resetPeer(Duration.ZERO);
		try (Socket reset = connect(route)) {
			assertThat(readAfterCut(reset)).isTrue();
		}
		route.heal();
		try (Socket healed = connect(route)) {
			assertThat(roundTrip(healed, 'e')).isEqualTo('e');
		}
	}

	private static Socket connect(FaultProxy.Route route) throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), route.port());
		socket.setSoTimeout(10_000);
		return socket;
	}

	private static char roundTrip(Socket socket, char sent) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(sent);
		out.flush();
		return (char) socket.getInputStream().read();
	}

	// whether the connection is over: a write then a read ends in EOF or a reset
	private static boolean readAfterCut(Socket socket) {
		try {
			socket.getOutputStream().write('x');
			socket.getOutputStream().flush();
			return socket.getInputStream().read() == -1;
		}
		catch (SocketException ex) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void serveEcho() {
		while (!echo.isClosed()) {
			try {
				Socket socket = echo.accept();
				Thread worker = new Thread(() -> echoAll(socket), "echo-connection");
				worker.setDaemon(true);
				worker.start();
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private static void echoAll(Socket socket) {
		try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
			int b;
			while ((b = in.read()) != -1) {
				out.write(b);
				out.flush();
			}
		}
		catch (IOException ex) {
			// the proxy cut the connection
		}
	}

}
