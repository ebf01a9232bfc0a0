package io.crony.web.auth;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.web.api.DeclaredMethods;
import io.crony.web.error.Problems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers 401 and 403 from the security filters, and requests the firewall rejects
 * (encoded slashes, {@code ..}, control characters) with 400, with problem details like
 * the API, and one warn line without a stack trace.
 */
class SecurityProblemHandler implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

	private static final Logger log = LoggerFactory.getLogger(SecurityProblemHandler.class);

	/** The methods Spring Security's strict firewall lets through by default. */
	private static final Set<String> FIREWALL_METHODS = Set.of("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST",
			"PUT");

	private final ObjectMapper mapper;

	private final String challenge;

	private final String unauthorizedDetail;

	private final DeclaredMethods declaredMethods;

	SecurityProblemHandler(ObjectMapper mapper, DeclaredMethods declaredMethods) {
		this(mapper, "Bearer", "A valid bearer token is required (POST /api/v1/auth/login gives one)", declaredMethods);
	}

	/**
	 * @param declaredMethods the methods each path answers, for a 405's Allow header;
	 * null where the firewall's rejections are not this handler's to answer
	 */
	SecurityProblemHandler(ObjectMapper mapper, String challenge, String unauthorizedDetail,
			DeclaredMethods declaredMethods) {
		this.mapper = mapper;
		this.challenge = challenge;
		this.unauthorizedDetail = unauthorizedDetail;
		this.declaredMethods = declaredMethods;
	}

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException ex)
			throws IOException {
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, this.challenge);
		write(request, response, HttpStatus.UNAUTHORIZED, this.unauthorizedDetail);
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException ex)
			throws IOException {
		if (ex instanceof CsrfException) {
			write(request, response, HttpStatus.FORBIDDEN,
					"A change signed in by the session cookie needs the X-XSRF-TOKEN header with the value of "
							+ "the XSRF-TOKEN cookie; it was missing or wrong");
			return;
		}
		write(request, response, HttpStatus.FORBIDDEN, "Your role does not allow this");
	}

	/**
	 * A method the firewall does not let through (TRACE, CONNECT, or one HTTP does not
	 * define) is a 405 with the methods the path answers, as Spring MVC answers a method
	 * a route does not declare; anything else the firewall rejects is a 400.
	 */
	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException ex)
			throws IOException {
		if (!FIREWALL_METHODS.contains(request.getMethod()) && this.declaredMethods != null) {
			String allow = String.join(", ", this.declaredMethods.of(request));
			response.setHeader(HttpHeaders.ALLOW, allow);
			write(request, response, HttpStatus.METHOD_NOT_ALLOWED,
					"Method " + request.getMethod() + " is not allowed here; this path takes " + allow);
			return;
		}
		write(request, response, HttpStatus.BAD_REQUEST, "The request was rejected: " + ex.getMessage());
	}

	void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
			throws IOException {
		log.warn("Request {} {} refused with {}: {}", request.getMethod(), request.getRequestURI(), status.value(),
				detail);
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		this.mapper.writeValue(response.getOutputStream(), Problems.of(status, detail, List.of()));
	}

}
