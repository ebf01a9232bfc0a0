package io.crony.web.error;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemCodeTest {

	@Test
	void followsTheStatusOfWhatFailed() {
		assertThat(ProblemCode.of(HttpStatus.BAD_REQUEST)).isEqualTo(ProblemCode.VALIDATION_FAILED);
		assertThat(ProblemCode.of(HttpStatus.UNAUTHORIZED)).isEqualTo(ProblemCode.UNAUTHENTICATED);
		assertThat(ProblemCode.of(HttpStatus.FORBIDDEN)).isEqualTo(ProblemCode.FORBIDDEN);
		assertThat(ProblemCode.of(HttpStatus.NOT_FOUND)).isEqualTo(ProblemCode.NOT_FOUND);
		assertThat(ProblemCode.of(HttpStatus.CONFLICT)).isEqualTo(ProblemCode.CONFLICT);
		assertThat(ProblemCode.of(HttpStatus.TOO_MANY_REQUESTS)).isEqualTo(ProblemCode.RATE_LIMITED);
		assertThat(ProblemCode.of(HttpStatus.SERVICE_UNAVAILABLE)).isEqualTo(ProblemCode.UNAVAILABLE);
		assertThat(ProblemCode.of(HttpStatus.I_AM_A_TEAPOT)).isEqualTo(ProblemCode.REQUEST_REFUSED);
		assertThat(ProblemCode.of(HttpStatusCode.valueOf(502))).isEqualTo(ProblemCode.INTERNAL_ERROR);
	}

	@Test
	void everyProblemBodyCarriesItsCodeWhateverTheMessage() {
		ProblemDetail one = Problems.of(HttpStatus.CONFLICT, "A job named x exists", List.of());
		ProblemDetail other = Problems.of(HttpStatus.CONFLICT, "Version 3 is stale", List.of());

		assertThat(one.getProperties()).containsEntry("code", "CONFLICT");
		assertThat(other.getProperties()).containsEntry("code", "CONFLICT");
	}

}
