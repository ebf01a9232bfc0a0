package io.crony.common.target;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * One entry of a {@link TargetPolicy}: a CIDR, a single address or a host name pattern,
 * with an optional port.
 */
abstract sealed class Rule permits Rule.Cidr, Rule.Host {

	private final String entry;

	private final String why;

	/** The port the entry is limited to, 0 for any. */
	private final int port;

	private Rule(String entry, String why, int port) {
		this.entry = entry;
		this.why = why;
		this.port = port;
	}

	/**
	 * @throws IllegalArgumentException when the entry is neither a CIDR, an address nor a
	 * host name
	 */
	static Rule parse(String entry, String why) {
		String text = entry.trim();
		int port = 0;
		String target = text;
		if (text.startsWith("[")) {
			int close = text.indexOf(']');
			if (close < 0) {
				throw new IllegalArgumentException("'" + entry + "' has no closing ']'");
			}
			target = text.substring(1, close);
			if (close + 1 < text.length()) {
				port = port(text.substring(close + 1), entry);
			}
		}
		else if (text.indexOf(':') >= 0 && text.indexOf(':') == text.lastIndexOf(':')) {
			// one colon: host:port or a.b.c.d/n:port (IPv6 has several)
			target = text.substring(0, text.indexOf(':'));
			port = port(text.substring(text.indexOf(':')), entry);
		}
		if (target.isEmpty()) {
			throw new IllegalArgumentException("'" + entry + "' names no address");
		}
		if (target.contains("/") || isAddress(target)) {
			return Cidr.of(text, why, port, target);
		}
		if (!target.matches("(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")) {
			throw new IllegalArgumentException("'" + entry + "' is neither a CIDR, an address nor a host name");
		}
		return new Host(text, why, port, target.toLowerCase(Locale.ROOT));
	}

	/** Whether a target matches this entry by its name or one of its addresses. */
	final boolean matches(String host, int targetPort, List<InetAddress> addresses) {
		return (this.port == 0 || this.port == targetPort) && matchesAddress(host, addresses, false);
	}

	/** Whether an allow entry admits the target: by its name, or all its addresses. */
	final boolean admits(String host, int targetPort, List<InetAddress> addresses) {
		return (this.port == 0 || this.port == targetPort) && matchesAddress(host, addresses, true);
	}

	abstract boolean matchesAddress(String host, List<InetAddress> addresses, boolean all);

	final int port() {
		return this.port;
	}

	@Override
	public String toString() {
		return this.entry + " (" + this.why + ")";
	}

	private static int port(String colonAndPort, String entry) {
		try {
			int port = Integer.parseInt(colonAndPort.substring(1));
			if (!colonAndPort.startsWith(":") || port < 1 || port > 65535) {
				throw new NumberFormatException();
			}
			return port;
		}
		catch (NumberFormatException | StringIndexOutOfBoundsException ex) {
			throw new IllegalArgumentException("'" + entry + "' has no valid port after ':'");
		}
	}

	private static boolean isAddress(String text) {
		return text.matches("[0-9.]+") || (text.contains(":") && text.matches("[0-9A-Fa-f:.]+"));
	}

	/**
	 * A block of addresses; also the addresses a platform endpoint's host resolves to.
	 */
	static final class Cidr extends Rule {

		private final byte[] network;

		private final int prefix;

		private Cidr(String entry, String why, int port, byte[] network, int prefix) {
			super(entry, why, port);
			this.network = network;
			this.prefix = prefix;
		}

		static Cidr of(String entry, String why, int port, String cidr) {
			int slash = cidr.indexOf('/');
			String address = (slash < 0) ? cidr : cidr.substring(0, slash);
			byte[] bytes;
			try {
				bytes = InetAddress.getByName(address).getAddress();
			}
			catch (UnknownHostException ex) {
				throw new IllegalArgumentException("'" + entry + "' is not a valid address");
			}
			int prefix;
			try {
				prefix = (slash < 0) ? bytes.length * 8 : Integer.parseInt(cidr.substring(slash + 1));
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("'" + entry + "' has no valid prefix length after '/'");
			}
			if (prefix < 0 || prefix > bytes.length * 8) {
				throw new IllegalArgumentException("'" + entry + "' has a prefix length beyond " + bytes.length * 8);
			}
			return new Cidr(entry, why, port, bytes, prefix);
		}

		@Override
		boolean matchesAddress(String host, List<InetAddress> addresses, boolean all) {
			if (addresses.isEmpty()) {
				return false;
			}
			// A loop, not a stream: every HTTP call is checked, and a stream per call
			// was a measurable share of what the agent allocates per fire.
			for (InetAddress address : addresses) {
				if (contains(address) != all) {
					return !all;
				}
			}
			return all;
		}

		private boolean contains(InetAddress address) {
			byte[] bytes = address.getAddress();
			if (bytes.length != this.network.length) {
				// an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address
				if (bytes.length == 16 && this.network.length == 4 && isMapped(bytes)) {
					bytes = java.util.Arrays.copyOfRange(bytes, 12, 16);
				}
				else {
					return false;
				}
			}
			int full = this.prefix / 8;
			for (int i = 0; i < full; i++) {
				if (bytes[i] != this.network[i]) {
					return false;
				}
			}
			int rest = this.prefix % 8;
			if (rest == 0) {
				return true;
			}
			int mask = (0xFF << (8 - rest)) & 0xFF;
			return (bytes[full] & mask) == (this.network[full] & mask);
		}

		private static boolean isMapped(byte[] bytes) {
			for (int i = 0; i < 10; i++) {
				if (bytes[i] != 0) {
					return false;
				}
			}
			return bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF;
		}

	}

	/**
	 * A host name, or every host under a domain ({@code *.example.com}). A platform
	 * endpoint given by name also matches the addresses that name resolves to here.
	 */
	static final class Host extends Rule {

		private final String pattern;

		private Host(String entry, String why, int port, String pattern) {
			super(entry, why, port);
			this.pattern = pattern;
		}

		boolean isPattern() {
			return this.pattern.startsWith("*.");
		}

		String name() {
			return this.pattern;
		}

		@Override
		boolean matchesAddress(String host, List<InetAddress> addresses, boolean all) {
			if (isPattern()) {
				return host.endsWith(this.pattern.substring(1));
			}
			return host.equals(this.pattern);
		}

	}

}
