package io.crony.web.auth;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers 401 and 403 from the security filters, and requests the firewall rejects
 * (encoded slashes, {@code ..}, control characters) with 400, with problem details like
 * the API, and one warn line without a stack trace.
 */
class SecurityProblemHandler implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

	private static final Logger log = LoggerFactory.getLogger(SecurityProblemHandler.class);

	private final ObjectMapper mapper;

	private final String challenge;

	private final String unauthorizedDetail;

	SecurityProblemHandler(ObjectMapper mapper) {
		this(mapper, "Bearer", "A valid bearer token is required (POST /api/v1/auth/login gives one)");
	}

	SecurityProblemHandler(ObjectMapper mapper, String challenge, String unauthorizedDetail) {
		this.mapper = mapper;
		this.challenge = challenge;
		this.unauthorizedDetail = unauthorizedDetail;
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
		write(request, response, HttpStatus.FORBIDDEN, "Your role does not allow this");
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException ex)
			throws IOException {
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
