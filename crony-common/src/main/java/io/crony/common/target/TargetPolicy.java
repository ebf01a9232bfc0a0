package io.crony.common.target;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which addresses the platform may call on a user's word: job targets, status URLs, alert
 * channels' URLs and SMTP servers. Checked where they are saved (crony-web) and again
 * right before each call or send on the address actually resolved (crony-agent, and
 * crony-web for test messages), so a DNS name that later points elsewhere gains nothing.
 * Hosts are brought to one form first ({@link TargetHost}): every spelling of an address
 * is the address. Deny wins over allow; a non-empty allow list admits only what it names.
 *
 * <p>
 * Always denied: link-local and cloud metadata addresses, the unspecified address, the
 * platform's own endpoints (etcd, the database, the service registry), and loopback
 * unless {@code allowLoopback} (a single box, {@code make run}). Entries are CIDRs
 * ({@code 10.0.0.0/8}, {@code fd00::/8}), single addresses, or host names with an
 * optional leading {@code *.} ({@code *.internal.example.com}); any of them may end with
 * {@code :port} (IPv6 in brackets: {@code [fd00::1]:443}).
 */
public final class TargetPolicy {

	private static final List<Rule> ALWAYS_DENIED = List.of(
			Rule.parse("169.254.0.0/16", "link-local and cloud metadata"),
			Rule.parse("fe80::/10", "link-local and cloud metadata"), Rule.parse("fd00:ec2::254/128", "cloud metadata"),
			Rule.parse("100.100.100.200/32", "cloud metadata"), Rule.parse("0.0.0.0/8", "unspecified address"),
			Rule.parse("::/128", "unspecified address"));

	private static final List<Rule> LOOPBACK = List.of(Rule.parse("127.0.0.0/8", "loopback"),
			Rule.parse("::1/128", "loopback"), Rule.parse("localhost", "loopback"));

	private final List<Rule> deny;

	private final List<Rule> allow;

	private TargetPolicy(List<Rule> deny, List<Rule> allow) {
		this.deny = List.copyOf(deny);
		this.allow = List.copyOf(allow);
	}

	/**
	 * @param allow entries a target must match when not empty
	 * @param deny entries no target may match, besides the built-in ones
	 * @param allowLoopback whether 127.0.0.0/8, ::1 and localhost may be called
	 * @param platform the platform's own endpoints as {@code host:port}, always denied
	 * @throws IllegalArgumentException naming an entry that is not a CIDR, address or
	 * host
	 */
	public static TargetPolicy of(List<String> allow, List<String> deny, boolean allowLoopback, List<String> platform) {
		// the most specific reason first: a platform endpoint on loopback is named as
		// such
		List<Rule> denied = new ArrayList<>();
		platform.forEach((endpoint) -> denied.addAll(platformRules(endpoint)));
		denied.addAll(ALWAYS_DENIED);
		deny.forEach((entry) -> denied.add(Rule.parse(entry, "crony.target-policy.deny")));
		if (!allowLoopback) {
			denied.addAll(LOOPBACK);
		}
		List<Rule> allowed = allow.stream().map((entry) -> Rule.parse(entry, "crony.target-policy.allow")).toList();
		return new TargetPolicy(denied, allowed);
	}

	/**
	 * A platform endpoint given by name is denied by that name and by each address it
	 * resolves to here, so the same server called by its address is refused too.
	 */
	private static List<Rule> platformRules(String endpoint) {
		String why = "the platform's own endpoint";
		Rule named = Rule.parse(endpoint, why);
		List<Rule> rules = new ArrayList<>(List.of(named));
		if (named instanceof Rule.Host host && !host.isPattern()) {
			for (InetAddress address : resolve(host.name())) {
				String literal = address.getHostAddress();
				String bracketed = (address.getAddress().length == 16) ? "[" + literal + "]" : literal;
				rules.add(Rule.parse((host.port() > 0) ? bracketed + ":" + host.port() : literal, why));
			}
		}
		return rules;
	}

	/**
	 * Why {@code host:port} may not be called, checking the host name (in its normal
	 * form, {@link TargetHost}), the address it spells if it is a literal, each of the
	 * addresses it resolves to, and the IPv4 address any of them embeds; empty when it
	 * may.
	 */
	public Optional<String> refusal(String host, int port, List<InetAddress> addresses) {
		TargetHost normal = TargetHost.of(host);
		String name = normal.name();
		List<InetAddress> checked = TargetHost.withEmbedded(normal.with(addresses));
		for (Rule rule : this.deny) {
			if (rule.matches(name, port, checked)) {
				return Optional.of(describe(host, port) + " is denied by the target policy: " + rule);
			}
		}
		if (!this.allow.isEmpty() && this.allow.stream().noneMatch((rule) -> rule.admits(name, port, checked))) {
			return Optional.of(describe(host, port) + " is not in the target policy's allow list");
		}
		return Optional.empty();
	}

	/**
	 * Why a server at {@code host:port} (an SMTP server) may not be called, resolving the
	 * host now.
	 */
	public Optional<String> refusal(String host, int port) {
		return refusal(host, port, addressesOf(host));
	}

	/**
	 * Why a connection to these addresses of {@code host} may not be opened, by the deny
	 * entries that name no port: the check an HTTP client makes on the addresses it is
	 * about to connect to, which may differ from those a check before the call saw.
	 */
	public Optional<String> addressRefusal(String host, List<InetAddress> addresses) {
		TargetHost normal = TargetHost.of(host);
		List<InetAddress> checked = TargetHost.withEmbedded(normal.with(addresses));
		for (Rule rule : this.deny) {
			if (rule.port() == 0 && rule.matches(normal.name(), 0, checked)) {
				return Optional
					.of("target host " + host + " resolves to " + addresses + ", denied by the target policy: " + rule);
			}
		}
		return Optional.empty();
	}

	/**
	 * Why the address of a URL may not be called: {@code http(s)://} and
	 * {@code static://} addresses (the scheme in any case) by their host, resolved now,
	 * and port; a URL of another scheme ({@code lb://}, {@code discovery:///}) names a
	 * service whose instances are checked when called, and is not refused here. An
	 * address of those schemes whose host cannot be read is refused: the check cannot
	 * tell where it goes.
	 */
	public Optional<String> refusal(String url) {
		String scheme = scheme(url);
		if (!POLICED_SCHEMES.contains(scheme)) {
			return Optional.empty();
		}
		try {
			URI uri = new URI(url.trim());
			if (uri.getHost() != null) {
				return refusal(uri);
			}
			// a name java.net.URI does not take as a host (an underscore, a trailing dot)
			// that a client may still call: checked as written
			String authority = uri.getRawAuthority();
			if (authority != null) {
				String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
				int colon = hostAndPort.lastIndexOf(':');
				boolean hasPort = colon > hostAndPort.lastIndexOf(']') && colon >= 0;
				String host = hasPort ? hostAndPort.substring(0, colon) : hostAndPort;
				if (!host.isEmpty()) {
					int port = hasPort ? portOf(hostAndPort.substring(colon + 1), scheme) : defaultPort(scheme);
					return refusal(host, port, addressesOf(host));
				}
			}
		}
		catch (URISyntaxException ex) {
			// refused below
		}
		return Optional.of("target address " + url + " names no host the target policy can check");
	}

	/**
	 * Why the address of a URL ({@code http(s)://}, {@code static://}) may not be called,
	 * resolving its host now. A host that does not resolve is checked by name only: it
	 * may resolve where the call is made, and is checked there again.
	 */
	public Optional<String> refusal(URI uri) {
		String host = uri.getHost();
		if (host == null) {
			return Optional.empty();
		}
		return refusal(host, port(uri), addressesOf(host));
	}

	/** The addresses a host name resolves to, none when it does not resolve. */
	public static List<InetAddress> resolve(String host) {
		try {
			return Arrays.asList(InetAddress.getAllByName(host));
		}
		catch (UnknownHostException | IllegalArgumentException ex) {
			// IllegalArgumentException: a literal the JDK reads as ambiguous
			return List.of();
		}
	}

	/**
	 * The addresses a host may reach: those its normal form resolves to, and those the
	 * host as written resolves to here, which may differ (the JDK reads
	 * {@code 0127.0.0.1} as decimal, C resolvers as octal): a client may use either.
	 */
	static List<InetAddress> addressesOf(String host) {
		String written = host.trim();
		if (written.startsWith("[") && written.endsWith("]")) {
			written = written.substring(1, written.length() - 1);
		}
		String normal = TargetHost.of(written).name();
		List<InetAddress> resolved = resolve(normal);
		if (written.equalsIgnoreCase(normal)) {
			return resolved;
		}
		List<InetAddress> all = new ArrayList<>(resolved);
		for (InetAddress address : resolve(written)) {
			if (!all.contains(address)) {
				all.add(address);
			}
		}
		return all;
	}

	/** The scheme of a URL in lower case, empty when it has none. */
	private static String scheme(String url) {
		if (url == null) {
			return "";
		}
		int colon = url.indexOf(':');
		return (colon < 0) ? "" : url.substring(0, colon).trim().toLowerCase(Locale.ROOT);
	}

	private static final Set<String> POLICED_SCHEMES = Set.of("http", "https", "static");

	private static int port(URI uri) {
		if (uri.getPort() > 0) {
			return uri.getPort();
		}
		return defaultPort(uri.getScheme());
	}

	private static int defaultPort(String scheme) {
		return "https".equalsIgnoreCase(scheme) ? 443 : 80;
	}

	private static int portOf(String digits, String scheme) {
		try {
			return Integer.parseInt(digits);
		}
		catch (NumberFormatException ex) {
			return defaultPort(scheme);
		}
	}

	private static String describe(String host, int port) {
		return "target address " + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
	}

}
