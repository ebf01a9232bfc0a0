package io.crony.web.error;

import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.Test;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.support.SQLExceptionSubclassTranslator;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.ServletWebRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database that is away or busy is the server's weather, not its defect: the API says
 * 503 with when to try again, while an error of Crony's own stays a 500.
 */
class DatabaseAwayAnswerTest {

	private final ApiExceptionHandler handler = new ApiExceptionHandler();

	private final ServletWebRequest request = new ServletWebRequest(
			new MockHttpServletRequest("PUT", "/api/v1/calendars/7"));

	@Test
	void aPoolWithNoConnectionToGiveIsA503WithRetryAfter() {
		// what HikariCP throws when MariaDB is down, as Spring translates it
		Exception away = new SQLExceptionSubclassTranslator().translate("select", "SELECT 1",
				new SQLTransientConnectionException("crony - Connection is not available, request timed out"));
		assertThat(away).isInstanceOf(TransientDataAccessResourceException.class);

		assertUnavailable(this.handler.handleDatabaseAway((TransientDataAccessResourceException) away, this.request));
		assertUnavailable(this.handler.handleDatabaseAway(
				new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection"), this.request));
	}

	@Test
	void aLockLostOnAWriteNoRetryGuardsIsA503() {
		assertUnavailable(this.handler.handleDatabaseAway(
				new CannotAcquireLockException("Lock wait timeout exceeded; try restarting transaction"),
				this.request));
	}

	@Test
	void anErrorOfTheServersOwnStaysA500() {
		ResponseEntity<Object> answer = this.handler
			.handleUnexpected(new DataIntegrityViolationException("Column 'name' cannot be null"), this.request);

		assertThat(answer.getStatusCode().value()).isEqualTo(500);
		assertThat(answer.getHeaders().containsKey(HttpHeaders.RETRY_AFTER)).isFalse();
	}

	private static void assertUnavailable(ResponseEntity<Object> answer) {
		assertThat(answer.getStatusCode().value()).isEqualTo(503);
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
		ProblemDetail body = (ProblemDetail) answer.getBody();
		assertThat(body.getDetail()).isEqualTo("The database could not answer; try again later");
		assertThat(body.getProperties()).containsEntry("code", "UNAVAILABLE");
	}

}
