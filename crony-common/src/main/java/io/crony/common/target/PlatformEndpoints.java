package io.crony.common.target;

import java.net.URI;
import java.util.List;

/**
 * {@code host:port} of the platform's own services, read from the URLs that name them.
 */
public final class PlatformEndpoints {

	private PlatformEndpoints() {
	}

	/** Adds the endpoint of an {@code http(s)://} URL (several, comma-separated). */
	public static void add(List<String> endpoints, String urls) {
		if (urls == null || urls.isBlank()) {
			return;
		}
		for (String url : urls.split(",")) {
			try {
				URI uri = URI.create(url.trim());
				if (uri.getHost() != null) {
					int port = (uri.getPort() > 0) ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
					endpoints.add(uri.getHost() + ":" + port);
				}
			}
			catch (IllegalArgumentException ex) {
				// not a URL: nothing to protect by it
			}
		}
	}

	/** Adds the database server of a {@code jdbc:mysql://host:port/db} URL. */
	public static void addJdbc(List<String> endpoints, String jdbcUrl) {
		if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:")) {
			return;
		}
		String url = jdbcUrl.substring("jdbc:".length());
		try {
			URI uri = URI.create(url);
			if (uri.getHost() != null) {
				endpoints.add(uri.getHost() + ":" + ((uri.getPort() > 0) ? uri.getPort() : 3306));
			}
		}
		catch (IllegalArgumentException ex) {
			// a URL form URI cannot read (several hosts): nothing added
		}
	}

}
