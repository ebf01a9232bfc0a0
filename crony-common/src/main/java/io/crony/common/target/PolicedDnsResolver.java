package io.crony.common.target;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * An HTTP client's name resolution (Apache HttpClient 5), checked against the target
 * policy: the addresses a connection is opened to are the ones checked, so a name that
 * resolved to an allowed address when the job or channel was saved (or when the call was
 * checked) and to a denied one now (DNS rebinding) fails the call instead of reaching it.
 * The client asks with the port it connects to, so the whole policy holds here, by the
 * rule every connection is checked by ({@link ConnectionCheck}). Used by the agent's HTTP
 * targets and by the alert channels' webhooks.
 */
public final class PolicedDnsResolver implements DnsResolver {

	private final TargetPolicy policy;

	private final ConnectionCheck connections;

	private final DnsResolver names;

	public PolicedDnsResolver(TargetPolicy policy) {
		this(policy, SystemDefaultDnsResolver.INSTANCE);
	}

	/**
	 * @param names where names are resolved before the check (the system's resolver; a
	 * test's own)
	 */
	public PolicedDnsResolver(TargetPolicy policy, DnsResolver names) {
		this.policy = policy;
		this.connections = new ConnectionCheck(policy);
		this.names = names;
	}

	/**
	 * The addresses of {@code host} for a connection to {@code port}: what HttpClient 5.5
	 * asks before it connects (classic and async alike).
	 */
	@Override
	public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
		InetAddress[] addresses = this.names.resolve(host);
		String refusal = this.connections.refusal(host, port, Arrays.asList(addresses)).orElse(null);
		if (refusal != null) {
			throw new RefusedAddressException(refusal + " (" + host + " resolves to " + Arrays.asList(addresses) + ")");
		}
		return Arrays.stream(addresses).map((address) -> new InetSocketAddress(address, port)).toList();
	}

	/**
	 * The addresses of {@code host} for a connection whose port is not known: checked by
	 * the deny entries that name no port.
	 */
	@Override
	public InetAddress[] resolve(String host) throws UnknownHostException {
		InetAddress[] addresses = this.names.resolve(host);
		String refusal = this.policy.addressRefusal(host, Arrays.asList(addresses)).orElse(null);
		if (refusal != null) {
			throw new RefusedAddressException(refusal);
		}
		return addresses;
	}

	@Override
	public String resolveCanonicalHostname(String host) throws UnknownHostException {
		return this.names.resolveCanonicalHostname(host);
	}

	/** A name whose addresses the target policy denies: the message says which rule. */
	public static final class RefusedAddressException extends UnknownHostException {

		private static final long serialVersionUID = 1L;

		RefusedAddressException(String refusal) {
			super(refusal);
		}

	}

}
