package io.crony.web.error;

import java.util.List;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * Builds Crony's problem details: title, status, detail, the stable {@code code}
 * ({@link ProblemCode}) and the {@code errors} list.
 */
public final class Problems {

	private Problems() {
	}

	public static ProblemDetail of(HttpStatusCode status, String detail, List<FieldProblem> errors) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setProperty("code", ProblemCode.of(status).name());
		problem.setProperty("errors", List.copyOf(errors));
		return problem;
	}

}
