package io.crony.web.error;

import java.util.List;

import org.springframework.http.HttpStatus;

/** A request whose fields break rules the body's annotations cannot express (400). */
public final class InvalidRequestException extends ApiException {

	public InvalidRequestException(List<FieldProblem> errors) {
		super(HttpStatus.BAD_REQUEST, describe(errors), errors);
	}

	/** One problem with its code. */
	public static InvalidRequestException of(FieldProblem problem) {
		return new InvalidRequestException(List.of(problem));
	}

	private static String describe(List<FieldProblem> errors) {
		return (errors.size() == 1) ? errors.get(0).field() + ": " + errors.get(0).message()
				: errors.size() + " fields are invalid";
	}

}
