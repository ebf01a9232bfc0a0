package io.crony.alert;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.util.List;

import javax.net.SocketFactory;

import io.crony.common.target.TargetPolicy;

/**
 * Plain sockets whose connect checks the address it is about to reach against the target
 * policy: the mail channels' SMTP connections. The check before a send resolves the
 * server's name once; Jakarta Mail resolves it again when it connects, and a name that
 * answers differently the second time (DNS rebinding) must not reach a denied address.
 * SMTPS and STARTTLS layer TLS over this socket after it is connected, so the check holds
 * for every {@link MailSecurity}.
 */
final class PolicedSocketFactory extends SocketFactory {

	private final TargetPolicy policy;

	PolicedSocketFactory(TargetPolicy policy) {
		this.policy = policy;
	}

	@Override
	public Socket createSocket() {
		return new PolicedSocket(this.policy);
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

	private static final class PolicedSocket extends Socket {

		private final TargetPolicy policy;

		PolicedSocket(TargetPolicy policy) {
			this.policy = policy;
		}

		@Override
		public void connect(SocketAddress endpoint, int timeout) throws IOException {
			if (endpoint instanceof InetSocketAddress remote && remote.getAddress() != null) {
				// the port is known here: the whole policy holds, entries with a port
				// (the platform's own endpoints) and the allow list too
				String refusal = this.policy
					.refusal(remote.getHostString(), remote.getPort(), List.of(remote.getAddress()))
					.orElse(null);
				if (refusal != null) {
					throw new ConnectException("refused by the target policy: " + refusal);
				}
			}
			super.connect(endpoint, timeout);
		}

	}

}
