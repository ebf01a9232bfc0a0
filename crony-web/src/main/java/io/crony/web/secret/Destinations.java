package io.crony.web.secret;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

import io.crony.common.target.TargetHost;

/**
 * Where a secret goes: the part of an address a secret is entered for. A secret header or
 * a channel's secret stays bound to it: sending the stored secret (its mask) with an
 * address that leads elsewhere would hand it to whoever runs that place, so such a change
 * needs the secret entered again.
 */
public final class Destinations {

	private Destinations() {
	}

	/**
	 * The destination of an address: {@code scheme://host:port} (the default port filled
	 * in, the host in the target policy's normal form, {@link TargetHost}) for
	 * {@code http(s)://} and {@code static://}; the service for {@code lb://service/path}
	 * and {@code discovery:///service/handler}; the trimmed text itself for anything
	 * else, so that any change of it counts.
	 * @param address an address, null or blank for none
	 * @return the destination, empty for none
	 */
	public static String of(String address) {
		if (address == null || address.isBlank()) {
			return "";
		}
		String text = address.trim();
		URI uri;
		try {
			uri = new URI(text);
		}
		catch (URISyntaxException ex) {
			return text;
		}
		String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : null;
		if (scheme == null) {
			return text;
		}
		if ("discovery".equals(scheme)) {
			String path = (uri.getPath() != null) ? uri.getPath() : "";
			String service = path.startsWith("/") ? path.substring(1) : path;
			int slash = service.indexOf('/');
			return scheme + ":///" + ((slash < 0) ? service : service.substring(0, slash)).toLowerCase(Locale.ROOT);
		}
		// a user-info part ("good.example@evil.example") is part of the authority: URI
		// tells the host apart from it
		String host = uri.getHost();
		if (host == null) {
			// not a server name URI parses (a service name with '_', say): the whole
			// authority, user-info and all
			return (uri.getRawAuthority() != null) ? scheme + "://" + uri.getRawAuthority().toLowerCase(Locale.ROOT)
					: text;
		}
		// the target policy's form of the host: every spelling of one address
		// (0xA9FEA9FE,
		// [::ffff:a.b.c.d], a trailing dot) is one destination, as it is one place to
		// call
		host = TargetHost.of(host).name();
		if ("lb".equals(scheme)) {
			return scheme + "://" + host;
		}
		return scheme + "://" + host + ":" + port(scheme, uri.getPort());
	}

	/** Whether two addresses lead to the same destination. */
	public static boolean same(String one, String other) {
		return of(one).equals(of(other));
	}

	private static int port(String scheme, int port) {
		if (port >= 0) {
			return port;
		}
		return switch (scheme) {
			case "http" -> 80;
			case "https" -> 443;
			default -> -1;
		};
	}

}
