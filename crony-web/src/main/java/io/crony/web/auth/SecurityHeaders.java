package io.crony.web.auth;

import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The response headers that keep the dashboard's pages from being framed, sniffed or made
 * to run script from anywhere but crony-web itself. Scripts come only from the
 * dashboard's own files (Vite writes no inline script); styles may be inline, since antd
 * writes its styles at run time; images and fonts may also be data URLs (antd's icons,
 * Swagger UI's).
 */
final class SecurityHeaders {

	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
			+ "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
			+ "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

	private SecurityHeaders() {
	}

	/** Besides Spring Security's defaults: nosniff, no framing, no caching of answers. */
	static Customizer<HeadersConfigurer<HttpSecurity>> strict() {
		return (headers) -> headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
			.referrerPolicy((referrer) -> referrer.policy(ReferrerPolicy.NO_REFERRER))
			.frameOptions(HeadersConfigurer.FrameOptionsConfig::deny);
	}

}
