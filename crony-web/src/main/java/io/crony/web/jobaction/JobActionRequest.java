package io.crony.web.jobaction;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.LabelProblems;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One action on many jobs. Checked as a whole before any job is touched
 * ({@link #problems}), so a bad request changes nothing.
 *
 * @param action what to do to each job
 * @param ids the jobs, 1 to {@code crony.web.jobs.bulk-limit}, each once
 * @param labels SET_LABELS: the labels each job gets (empty: none); ADD_LABELS: the
 * labels added (at least one)
 * @param labelKeys REMOVE_LABELS: the keys of the labels removed (at least one)
 * @param params RUN: parameters for the target, as {@code POST /jobs/{id}/run} takes them
 */
record JobActionRequest(@Schema(description = "what to do to each job") JobAction action,
		@Schema(description = IDS) List<Long> ids, @Schema(description = LABELS) Map<String, String> labels,
		@Schema(description = LABEL_KEYS) List<String> labelKeys,
		@Schema(description = "RUN only: parameters for the target (the body template's ${params})") String params) {

	static final String IDS = "the jobs, each once; at most crony.web.jobs.bulk-limit (default 1000)";

	static final String LABELS = "SET_LABELS: the labels each job gets (empty: none); ADD_LABELS: the labels added, "
			+ "a key the job has gets the new value; in the agent label syntax";

	static final String LABEL_KEYS = "REMOVE_LABELS: the keys of the labels removed";

	/** As {@code POST /jobs/{id}/run} allows. */
	static final int MAX_PARAMS = 65535;

	/** As a job's labels allow. */
	static final int MAX_LABELS = 32;

	/**
	 * Every problem of the request, each naming its field.
	 * @param limit most ids allowed
	 */
	List<FieldProblem> problems(int limit) {
		List<FieldProblem> problems = new ArrayList<>();
		if (this.action == null) {
			problems.add(FieldProblem.of("action", "is required", FieldErrorCode.REQUIRED));
		}
		checkIds(limit, problems);
		boolean labelAction = this.action == JobAction.SET_LABELS || this.action == JobAction.ADD_LABELS;
		if (labelAction) {
			checkLabels(problems);
		}
		else if (this.labels != null && this.action != null) {
			problems
				.add(FieldProblem.of("labels", "is only for SET_LABELS and ADD_LABELS", FieldErrorCode.NOT_APPLICABLE));
		}
		if (this.action == JobAction.REMOVE_LABELS) {
			checkLabelKeys(problems);
		}
		else if (this.labelKeys != null && this.action != null) {
			problems.add(FieldProblem.of("labelKeys", "is only for REMOVE_LABELS", FieldErrorCode.NOT_APPLICABLE));
		}
		if (this.params != null && this.action != null && this.action != JobAction.RUN) {
			problems.add(FieldProblem.of("params", "is only for RUN", FieldErrorCode.NOT_APPLICABLE));
		}
		else if (this.params != null && this.params.length() > MAX_PARAMS) {
			problems.add(FieldProblem.of("params", "must be at most " + MAX_PARAMS + " characters",
					FieldErrorCode.TOO_LONG, MAX_PARAMS));
		}
		return problems;
	}

	private void checkIds(int limit, List<FieldProblem> problems) {
		if (this.ids == null || this.ids.isEmpty()) {
			problems.add(FieldProblem.of("ids", "must name at least one job", FieldErrorCode.TOO_SHORT, 1));
			return;
		}
		if (this.ids.size() > limit) {
			problems.add(FieldProblem.of("ids",
					this.ids.size() + " ids given; at most " + limit + " jobs at once (crony.web.jobs.bulk-limit)",
					FieldErrorCode.TOO_LONG, limit));
			return;
		}
		Map<Long, Integer> seen = new HashMap<>();
		for (int i = 0; i < this.ids.size(); i++) {
			Long id = this.ids.get(i);
			if (id == null) {
				problems.add(FieldProblem.required("ids[" + i + "]", "must be a job id"));
				continue;
			}
			Integer first = seen.putIfAbsent(id, i);
			if (first != null) {
				problems.add(FieldProblem.of("ids[" + i + "]", "job " + id + " is named twice",
						FieldErrorCode.DUPLICATE, "ids[" + first + "]"));
			}
		}
	}

	private void checkLabels(List<FieldProblem> problems) {
		if (this.action == JobAction.ADD_LABELS && (this.labels == null || this.labels.isEmpty())) {
			problems.add(FieldProblem.of("labels", "must give at least one label to add", FieldErrorCode.TOO_SHORT, 1));
			return;
		}
		if (this.labels == null) {
			problems.add(FieldProblem.required("labels", "is required (empty removes every label)"));
			return;
		}
		if (this.labels.size() > MAX_LABELS) {
			problems.add(FieldProblem.of("labels", "at most " + MAX_LABELS + " labels", FieldErrorCode.TOO_LONG,
					MAX_LABELS));
			return;
		}
		LabelProblems.of("labels", this.labels).ifPresent(problems::add);
	}

	private void checkLabelKeys(List<FieldProblem> problems) {
		if (this.labelKeys == null || this.labelKeys.isEmpty()) {
			problems
				.add(FieldProblem.of("labelKeys", "must give at least one key to remove", FieldErrorCode.TOO_SHORT, 1));
			return;
		}
		for (int i = 0; i < this.labelKeys.size(); i++) {
			String key = this.labelKeys.get(i);
			if (key == null || key.isBlank()) {
				problems.add(FieldProblem.required("labelKeys[" + i + "]", "must be a label key"));
			}
		}
	}

}
