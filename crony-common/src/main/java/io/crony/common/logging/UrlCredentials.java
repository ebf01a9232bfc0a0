package io.crony.common.logging;

import java.util.regex.Pattern;

/**
 * Masks the password of URLs that carry credentials
 * ({@code scheme://user:password@host}): a Eureka client's service URL does (it is the
 * only way to give it the registry user), and the Eureka client and server print that URL
 * as it is, at INFO, whenever a request fails and when they list their peers.
 */
public final class UrlCredentials {

	/** What a masked password reads as. */
	public static final String MASK = "******";

	// scheme://user:password@ with neither part crossing a path, a space or a quote
	private static final Pattern USERINFO = Pattern
		.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^/\\s:@'\"]+):([^/\\s@'\"]+)@");

	private UrlCredentials() {
	}

	/**
	 * {@code text} with the password of every URL in it replaced by {@link #MASK}; the
	 * text itself when it has none.
	 */
	public static String mask(String text) {
		if (text == null || text.indexOf('@') < 0 || !text.contains("://")) {
			return text;
		}
		return USERINFO.matcher(text).replaceAll("$1:" + MASK + "@");
	}

}
