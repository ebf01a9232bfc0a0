package io.crony.web.auth;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The dashboard's CSRF token, as the double-submit cookie single-page apps use: crony-web
 * sets {@code XSRF-TOKEN} (readable by the dashboard's script, {@code SameSite=Strict}),
 * and every state-changing request signed in by the session cookie must echo it in the
 * {@code X-XSRF-TOKEN} header. Another site can make the browser send the cookies, but
 * cannot read them to write the header.
 */
final class CsrfCookies {

	private CsrfCookies() {
	}

	static CsrfTokenRepository repository() {
		CookieCsrfTokenRepository repository = CookieCsrfTokenRepository.withHttpOnlyFalse();
		repository.setCookieCustomizer((cookie) -> cookie.sameSite("Strict").path("/"));
		return repository;
	}

	/**
	 * Spring Security creates the token only when something reads it; reading it here
	 * sets the cookie on the first answer the browser gets (the dashboard's page, the
	 * sign-in), so the dashboard has it before its first change. API clients, which send
	 * an Authorization header, get none.
	 */
	static final class Issuer extends OncePerRequestFilter {

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getHeader(HttpHeaders.AUTHORIZATION) == null
					&& request.getAttribute(CsrfToken.class.getName()) instanceof CsrfToken token) {
				token.getToken();
			}
			chain.doFilter(request, response);
		}

	}

}
