package io.crony.web.error;

import java.util.Map;
import java.util.Optional;

import io.crony.common.job.Labels;

/**
 * A field of labels (a job's own, an agent selector, a bulk action's) against the labels'
 * syntax, with the bad key or value as the code's value.
 */
public final class LabelProblems {

	private LabelProblems() {
	}

	/** The first invalid label of the field, empty when every label is valid. */
	public static Optional<FieldProblem> of(String field, Map<String, String> labels) {
		return Labels.invalid(labels)
			.map((invalid) -> invalid.inKey()
					? FieldProblem.of(field, invalid.message(), FieldErrorCode.LABEL_KEY_INVALID, invalid.key())
					: FieldProblem.of(field, invalid.message(), FieldErrorCode.LABEL_VALUE_INVALID, invalid.key(),
							invalid.value()));
	}

}
