package io.crony.web.error;

import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.validation.FieldError;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The one place requests fail: every error is an RFC 7807 problem detail with a stable
 * {@code code} ({@link ProblemCode}) and an {@code errors} list naming each bad field.
 * Expected failures log one warn line, the unexpected ones an error with the stack trace.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

	private static final String DATABASE_RETRY_AFTER_SECONDS = "5";

	@ExceptionHandler(ApiException.class)
	ResponseEntity<Object> handleApi(ApiException ex, WebRequest request) {
		logExpected(ex.status(), ex.getMessage(), request);
		return ResponseEntity.status(ex.status())
			.headers(ex.headers())
			.body(Problems.of(ex.status(), ex.getMessage(), ex.errors()));
	}

	@ExceptionHandler(AccessDeniedException.class)
	ResponseEntity<Object> handleAccessDenied(AccessDeniedException ex, WebRequest request) {
		return problem(ex, HttpStatus.FORBIDDEN, "Your role does not allow this", List.of(), request);
	}

	@ExceptionHandler(AuthenticationException.class)
	ResponseEntity<Object> handleAuthentication(AuthenticationException ex, WebRequest request) {
		return problem(ex, HttpStatus.UNAUTHORIZED, ex.getMessage(), List.of(), request);
	}

	/**
	 * The firewall checks parameter names lazily, when the request is bound: a name with
	 * a control character is the client's error.
	 */
	@ExceptionHandler(RequestRejectedException.class)
	ResponseEntity<Object> handleRejected(RequestRejectedException ex, WebRequest request) {
		return problem(ex, HttpStatus.BAD_REQUEST, "The request was rejected: " + ex.getMessage(), List.of(), request);
	}

	/**
	 * A constraint on a parameter of a bean validated through its proxy
	 * ({@code @Validated}): a 400 naming the parameter, as when Spring MVC validates it.
	 */
	@ExceptionHandler(ConstraintViolationException.class)
	ResponseEntity<Object> handleConstraintViolation(ConstraintViolationException ex, WebRequest request) {
		List<FieldProblem> errors = new ArrayList<>();
		for (ConstraintViolation<?> violation : ex.getConstraintViolations()) {
			String name = null;
			for (Path.Node node : violation.getPropertyPath()) {
				name = node.getName();
			}
			errors.add(ConstraintCodes.of((name != null) ? name : "parameter", violation.getMessage(), violation));
		}
		return problem(ex, HttpStatus.BAD_REQUEST, invalid(errors), errors, request);
	}

	/**
	 * The database is away (no connection to be had) or a lock was lost on a write no
	 * {@code LockRetry} guards: the same request may succeed in a moment, so a 503 with a
	 * {@code Retry-After}, not a 500, which would say the server has a defect.
	 */
	@ExceptionHandler({ TransientDataAccessException.class, DataAccessResourceFailureException.class })
	ResponseEntity<Object> handleDatabaseAway(DataAccessException ex, WebRequest request) {
		log.warn("Request {} found the database away or busy: {}", describe(request),
				ex.getMostSpecificCause().getMessage());
		ProblemDetail body = Problems.of(HttpStatus.SERVICE_UNAVAILABLE,
				"The database could not answer; try again later", List.of());
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, DATABASE_RETRY_AFTER_SECONDS)
			.body(body);
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<Object> handleUnexpected(Exception ex, WebRequest request) {
		log.error("Request {} failed", describe(request), ex);
		ProblemDetail body = Problems.of(HttpStatus.INTERNAL_SERVER_ERROR,
				"Unexpected error; the server log has the details", List.of());
		return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(body);
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldProblem> errors = new ArrayList<>();
		for (FieldError error : ex.getBindingResult().getFieldErrors()) {
			errors.add(ConstraintCodes.of(error.getField(), error));
		}
		ex.getBindingResult()
			.getGlobalErrors()
			.forEach((error) -> errors.add(ConstraintCodes.of(error.getObjectName(), error)));
		return problem(ex, HttpStatus.BAD_REQUEST, invalid(errors), errors, request);
	}

	@Override
	protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldProblem> errors = new ArrayList<>();
		ex.getParameterValidationResults().forEach((result) -> {
			String name = result.getMethodParameter().getParameterName();
			result.getResolvableErrors().forEach((error) -> errors.add(ConstraintCodes.of(name, result, error)));
		});
		return problem(ex, HttpStatus.BAD_REQUEST, invalid(errors), errors, request);
	}

	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldProblem> errors = JsonProblems.from(ex.getCause());
		String detail = errors.isEmpty() ? "The request body is missing or unreadable" : invalid(errors);
		return problem(ex, HttpStatus.BAD_REQUEST, detail, errors, request);
	}

	@Override
	protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		String name = (ex.getPropertyName() != null) ? ex.getPropertyName() : "parameter";
		List<FieldProblem> errors = List.of(JsonProblems.mismatch(name, ex.getValue(), ex.getRequiredType()));
		return problem(ex, HttpStatus.BAD_REQUEST, invalid(errors), errors, request);
	}

	@Override
	protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldProblem> errors = List.of(FieldProblem.required(ex.getParameterName(), "is required"));
		return problem(ex, HttpStatus.BAD_REQUEST, invalid(errors), errors, request);
	}

	/**
	 * Every other Spring MVC failure (405, 406, 415, ...) passes here: log it at warn.
	 */
	@Override
	protected ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body, HttpHeaders headers,
			HttpStatusCode statusCode, WebRequest request) {
		if (body == null && ex instanceof ErrorResponse response) {
			body = response.getBody();
		}
		if (body instanceof ProblemDetail problem) {
			if (problem.getProperties() == null || !problem.getProperties().containsKey("code")) {
				problem.setProperty("code", ProblemCode.of(statusCode).name());
			}
			if (!problem.getProperties().containsKey("errors")) {
				problem.setProperty("errors", List.of());
			}
		}
		logExpected(statusCode, ex.getMessage(), request);
		return super.handleExceptionInternal(ex, body, headers, statusCode, request);
	}

	private ResponseEntity<Object> problem(Exception ex, HttpStatusCode status, String detail,
			List<FieldProblem> errors, WebRequest request) {
		logExpected(status, detail, request);
		return ResponseEntity.status(status).body(Problems.of(status, detail, errors));
	}

	private static void logExpected(HttpStatusCode status, String detail, WebRequest request) {
		log.warn("Request {} refused with {}: {}", describe(request), status.value(), detail);
	}

	private static String invalid(List<FieldProblem> errors) {
		if (errors.size() == 1) {
			return errors.get(0).field() + ": " + errors.get(0).message();
		}
		return errors.size() + " fields are invalid";
	}

	private static String describe(WebRequest request) {
		if (request instanceof ServletWebRequest servlet) {
			HttpServletRequest http = servlet.getRequest();
			return http.getMethod() + " " + http.getRequestURI();
		}
		return request.getDescription(false);
	}

}
