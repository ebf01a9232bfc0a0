package io.crony.alert;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;

import javax.net.SocketFactory;

import io.crony.common.target.ConnectionCheck;
import io.crony.common.target.TargetPolicy;

/**
 * Plain sockets whose connect checks the address it is about to reach against the target
 * policy ({@link ConnectionCheck}): the mail channels' SMTP connections. The check before
 * a send resolves the server's name once; Jakarta Mail resolves it again when it
 * connects, and a name that answers differently the second time (DNS rebinding) must not
 * reach a denied address. SMTPS and STARTTLS layer TLS over this socket after it is
 * connected, so the check holds for every {@link MailSecurity}.
 */
final class PolicedSocketFactory extends SocketFactory {

	private final ConnectionCheck connections;

	PolicedSocketFactory(TargetPolicy policy) {
		this.connections = new ConnectionCheck(policy);
	}

	@Override
	public Socket createSocket() {
		return new PolicedSocket();
	}

	@Override
	public Socket createSocket(String host, int port) throws IOException {
		return connected(new InetSocketAddress(host, port));
	}

	@Override
	public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
		return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
	}

	@Override
	public Socket createSocket(InetAddress host, int port) throws IOException {
		return connected(new InetSocketAddress(host, port));
	}

	@Override
	public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
			throws IOException {
		return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
	}

	private Socket connected(InetSocketAddress remote, InetSocketAddress... local) throws IOException {
		Socket socket = createSocket();
		try {
			if (local.length > 0) {
				socket.bind(local[0]);
			}
			socket.connect(remote);
			return socket;
		}
		catch (IOException ex) {
			socket.close();
			throw ex;
		}
	}

	/** A socket whose connect is checked first. */
	private final class PolicedSocket extends Socket {

		@Override
		public void connect(SocketAddress endpoint, int timeout) throws IOException {
			PolicedSocketFactory.this.connections.check(endpoint);
			super.connect(endpoint, timeout);
		}

	}

}
