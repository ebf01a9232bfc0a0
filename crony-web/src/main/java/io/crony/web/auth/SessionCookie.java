package io.crony.web.auth;

import java.time.Duration;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseCookie;

/**
 * The dashboard's session: the same opaque token as a bearer token, but kept by the
 * browser in a cookie script cannot read ({@code HttpOnly}), sent only to crony-web's own
 * pages ({@code SameSite=Strict}) and only over TLS when the sign-in came over TLS
 * ({@code Secure}; behind a proxy, when {@code server.forward-headers-strategy} lets the
 * proxy say so). A request with an {@code Authorization} header is never signed in by the
 * cookie, so API clients are exactly as without it.
 */
final class SessionCookie {

	static final String NAME = "CRONY_SESSION";

	private SessionCookie() {
	}

	/** The session token the request's cookie carries, or null. */
	static String token(HttpServletRequest request) {
		if (request.getHeader(HttpHeaders.AUTHORIZATION) != null) {
			return null;
		}
		Cookie[] cookies = request.getCookies();
		if (cookies == null) {
			return null;
		}
		for (Cookie cookie : cookies) {
			if (NAME.equals(cookie.getName()) && !cookie.getValue().isBlank()) {
				return cookie.getValue();
			}
		}
		return null;
	}

	/**
	 * Whether this request would be signed in by the cookie and changes something: such a
	 * request must prove it came from the dashboard (a CSRF token), since the browser
	 * sends the cookie whoever made it send the request. Sign-in is by password, not by
	 * the cookie.
	 */
	static boolean needsCsrfToken(HttpServletRequest request) {
		String method = request.getMethod();
		boolean safe = HttpMethod.GET.matches(method) || HttpMethod.HEAD.matches(method)
				|| HttpMethod.OPTIONS.matches(method) || HttpMethod.TRACE.matches(method);
		return !safe && token(request) != null && !"/api/v1/auth/login".equals(request.getServletPath());
	}

	static void write(HttpServletRequest request, HttpServletResponse response, String token, Duration lifetime) {
		response.addHeader(HttpHeaders.SET_COOKIE, cookie(request, token, lifetime).toString());
	}

	/**
	 * Tells the browser to forget the cookie; the token itself is revoked by the caller.
	 */
	static void clear(HttpServletRequest request, HttpServletResponse response) {
		response.addHeader(HttpHeaders.SET_COOKIE, cookie(request, "", Duration.ZERO).toString());
	}

	private static ResponseCookie cookie(HttpServletRequest request, String value, Duration maxAge) {
		return ResponseCookie.from(NAME, value)
			.httpOnly(true)
			.secure(request.isSecure())
			.sameSite("Strict")
			.path("/")
			.maxAge(maxAge)
			.build();
	}

}
