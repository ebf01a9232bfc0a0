package io.crony.web.auth;

import java.time.Duration;

import jakarta.servlet.http.Cookie;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

class SessionCookieTest {

	@Test
	void isSecureWhenTheSignInCameOverTls() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/auth/login");
		request.setSecure(true);
		MockHttpServletResponse response = new MockHttpServletResponse();
		SessionCookie.write(request, response, "t", Duration.ofHours(12));
		assertThat(response.getHeader("Set-Cookie")).contains("Secure", "HttpOnly", "SameSite=Strict", "Max-Age=43200");
	}

	@Test
	void isIgnoredBesideAnAuthorizationHeaderAndNeedsCsrfOnlyForChanges() {
		MockHttpServletRequest change = new MockHttpServletRequest("DELETE", "/api/v1/jobs/1");
		change.setServletPath("/api/v1/jobs/1");
		change.setCookies(new Cookie(SessionCookie.NAME, "t"));
		assertThat(SessionCookie.token(change)).isEqualTo("t");
		assertThat(SessionCookie.needsCsrfToken(change)).isTrue();

		MockHttpServletRequest read = new MockHttpServletRequest("GET", "/api/v1/jobs");
		read.setCookies(new Cookie(SessionCookie.NAME, "t"));
		assertThat(SessionCookie.needsCsrfToken(read)).isFalse();

		change.addHeader("Authorization", "Bearer other");
		assertThat(SessionCookie.token(change)).isNull();
		assertThat(SessionCookie.needsCsrfToken(change)).isFalse();
	}

}
