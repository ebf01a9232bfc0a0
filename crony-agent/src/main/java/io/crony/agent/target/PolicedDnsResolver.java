package io.crony.agent.target;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import io.crony.common.target.TargetPolicy;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * The HTTP client's name resolution, checked against the target policy: the addresses a
 * connection is opened to are the ones checked, so a name that resolved to an allowed
 * address when the job was saved (or when the call was checked) and to a denied one now
 * fails the call instead of reaching it.
 */
final class PolicedDnsResolver implements DnsResolver {

	private final TargetPolicy policy;

	PolicedDnsResolver(TargetPolicy policy) {
		this.policy = policy;
	}

	@Override
	public InetAddress[] resolve(String host) throws UnknownHostException {
		InetAddress[] addresses = SystemDefaultDnsResolver.INSTANCE.resolve(host);
		String refusal = this.policy.addressRefusal(host, Arrays.asList(addresses)).orElse(null);
		if (refusal != null) {
			throw new UnknownHostException(refusal);
		}
		return addresses;
	}

	@Override
	public String resolveCanonicalHostname(String host) throws UnknownHostException {
		return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
	}

}
