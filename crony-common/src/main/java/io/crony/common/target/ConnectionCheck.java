package io.crony.common.target;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Optional;

/**
 * The target policy where a connection is opened: the one rule that an HTTP client's name
 * resolution ({@link PolicedDnsResolver}), the mail channels' SMTP sockets and a
 * {@code static://} gRPC channel's sockets apply to the address they are about to reach.
 * The check before a call or send resolves the name once; the client resolves it again
 * when it connects, and a name that answers differently the second time (DNS rebinding)
 * must not reach a denied address. The port is known here, so the whole policy holds:
 * entries with a port (the platform's own endpoints among them) and the allow list, not
 * only the deny entries without one.
 */
public final class ConnectionCheck {

	private final TargetPolicy policy;

	public ConnectionCheck(TargetPolicy policy) {
		this.policy = policy;
	}

	/**
	 * Why a connection to {@code host:port} at these addresses, the ones it is opened to,
	 * may not be opened; empty when it may.
	 */
	public Optional<String> refusal(String host, int port, List<InetAddress> addresses) {
		return this.policy.refusal(host, port, addresses);
	}

	/**
	 * Refuses a socket's connect to {@code remote} before it is opened, when the policy
	 * does. An address left unresolved is not checked: no connection can be opened to it.
	 * @throws RefusedConnectionException naming the rule
	 */
	public void check(SocketAddress remote) throws RefusedConnectionException {
		if (remote instanceof InetSocketAddress address && address.getAddress() != null) {
			String refusal = refusal(address.getHostString(), address.getPort(), List.of(address.getAddress()))
				.orElse(null);
			if (refusal != null) {
				throw new RefusedConnectionException(refusal);
			}
		}
	}

	/**
	 * Why the target policy refused a connection, when it did: clients report a failed
	 * connect with it somewhere in the causes (gRPC as UNAVAILABLE, Jakarta Mail inside
	 * its own exception).
	 */
	public static Optional<String> refusalOf(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof RefusedConnectionException) {
				return Optional.of(cause.getMessage());
			}
		}
		return Optional.empty();
	}

	/** A connection the target policy refused, before it was opened. */
	public static final class RefusedConnectionException extends ConnectException {

		private static final long serialVersionUID = 1L;

		RefusedConnectionException(String refusal) {
			super("refused by the target policy: " + refusal);
		}

	}

}
