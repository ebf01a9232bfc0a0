package io.crony.web.auth;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Signs a request in from its {@code Authorization: Bearer} token, asking each
 * {@link BearerAuthenticator} in turn; without that header, from the dashboard's
 * {@link SessionCookie}, which only people's sessions can be. A missing or unknown token
 * leaves the request anonymous; the authorization rules then answer 401. A valid token
 * naming a department it may not work in ({@link Departments#HEADER}) gets 404.
 */
class BearerTokenFilter extends OncePerRequestFilter {

	private static final String PREFIX = "Bearer ";

	private final List<BearerAuthenticator> authenticators;

	private final SecurityProblemHandler problems;

	private final BearerAuthenticator sessions;

	BearerTokenFilter(List<BearerAuthenticator> authenticators, BearerAuthenticator sessions,
			SecurityProblemHandler problems) {
		this.authenticators = List.copyOf(authenticators);
		this.sessions = sessions;
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String token = bearerToken(request);
		List<BearerAuthenticator> candidates = this.authenticators;
		if (token == null) {
			token = SessionCookie.token(request);
			candidates = List.of(this.sessions);
		}
		if (token != null) {
			String department = request.getHeader(Departments.HEADER);
			for (BearerAuthenticator authenticator : candidates) {
				Optional<Authentication> authentication;
				try {
					authentication = authenticator.authenticate(token, department);
				}
				catch (DepartmentNotFoundException ex) {
					this.problems.write(request, response, HttpStatus.NOT_FOUND, ex.getMessage());
					return;
				}
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
