package io.crony.common.target;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * An HTTP client's name resolution (Apache HttpClient 5), checked against the target
 * policy: the addresses a connection is opened to are the ones checked, so a name that
 * resolved to an allowed address when the job or channel was saved (or when the call was
 * checked) and to a denied one now (DNS rebinding) fails the call instead of reaching it.
 * Used by the agent's HTTP targets and by the alert channels' webhooks.
 */
public final class PolicedDnsResolver implements DnsResolver {

	private final TargetPolicy policy;

	public PolicedDnsResolver(TargetPolicy policy) {
		this.policy = policy;
	}

	@Override
	public InetAddress[] resolve(String host) throws UnknownHostException {
		InetAddress[] addresses = SystemDefaultDnsResolver.INSTANCE.resolve(host);
		String refusal = this.policy.addressRefusal(host, Arrays.asList(addresses)).orElse(null);
		if (refusal != null) {
			throw new RefusedAddressException(refusal);
		}
		return addresses;
	}

	@Override
	public String resolveCanonicalHostname(String host) throws UnknownHostException {
		return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
	}

	/** A name whose addresses the target policy denies: the message says which rule. */
	public static final class RefusedAddressException extends UnknownHostException {

		private static final long serialVersionUID = 1L;

		RefusedAddressException(String refusal) {
			super(refusal);
		}

	}

}
