package io.crony.web.auth;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Signs a request in from its {@code Authorization: Bearer} token, asking each
 * {@link BearerAuthenticator} in turn. A missing or unknown token leaves the request
 * anonymous; the authorization rules then answer 401.
 */
class BearerTokenFilter extends OncePerRequestFilter {

	private static final String PREFIX = "Bearer ";

	private final List<BearerAuthenticator> authenticators;

	BearerTokenFilter(List<BearerAuthenticator> authenticators) {
		this.authenticators = List.copyOf(authenticators);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String token = bearerToken(request);
		if (token != null) {
			for (BearerAuthenticator authenticator : this.authenticators) {
				Optional<Authentication> authentication = authenticator.authenticate(token);
				if (authentication.isPresent()) {
					var context = SecurityContextHolder.createEmptyContext();
					context.setAuthentication(authentication.get());
					SecurityContextHolder.setContext(context);
					break;
				}
			}
		}
		chain.doFilter(request, response);
	}

	static String bearerToken(HttpServletRequest request) {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
			return null;
		}
		String token = header.substring(PREFIX.length()).trim();
		return token.isEmpty() ? null : token;
	}

}
