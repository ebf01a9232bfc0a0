package io.crony.web.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.TargetType;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.error.LabelProblems;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Size;

/**
 * Filters of {@code GET /jobs} (and of the export, which lists what the list lists);
 * absent ones do not filter, given ones must all match.
 *
 * @param name part of the job name
 * @param enabled enabled or disabled jobs
 * @param agentId jobs the leader placed on this agent
 * @param status jobs whose latest execution has this status
 * @param label {@code key=value}, repeatable: jobs carrying every one of these labels
 * @param owner jobs of this owner
 * @param targetType jobs with this type of target
 * @param target part of the target's URL (HTTP, GRPC: the host, service or path) or
 * command (SHELL)
 */
record JobFilter(@Parameter(description = "part of the job name") String name,
		@Parameter(description = "enabled or disabled jobs") Boolean enabled,
		@Parameter(description = "jobs placed on this agent") String agentId,
		@Parameter(description = "status of the job's latest execution") ExecutionStatus status,
		@Parameter(description = "key=value, repeatable: jobs carrying every one of these labels") @Size(
				max = 20) List<String> label,
		@Parameter(description = "jobs of this owner") @Size(max = 64) String owner,
		@Parameter(description = "jobs with this type of target") TargetType targetType,
		@Parameter(description = "part of the target's URL or command") @Size(max = 256) String target) {

	/** Filters from before labels, owners and targets. */
	JobFilter(String name, Boolean enabled, String agentId, ExecutionStatus status) {
		this(name, enabled, agentId, status, null, null, null, null);
	}

	/** The name as a LIKE pattern body, its wildcards escaped. */
	String nameLike() {
		return like(this.name);
	}

	/** Part of the target as a LIKE pattern body, its wildcards escaped. */
	String targetLike() {
		return like(this.target);
	}

	String ownerOrAny() {
		return (this.owner != null && !this.owner.isBlank()) ? this.owner.strip() : null;
	}

	String targetTypeOrAny() {
		return (this.targetType != null) ? this.targetType.name() : null;
	}

	/**
	 * The labels every job must carry, null for none.
	 * @throws InvalidRequestException naming {@code label} when one is not
	 * {@code key=value} in the label syntax, or names a key twice
	 */
	Map<String, String> labels() {
		if (this.label == null || this.label.isEmpty()) {
			return null;
		}
		Map<String, String> labels = new LinkedHashMap<>();
		for (String pair : this.label) {
			int eq = pair.indexOf('=');
			if (eq < 0) {
				throw refused("label '" + pair.trim() + "' is not key=value", FieldErrorCode.NOT_A_LABEL, pair);
			}
			if (pair.indexOf(',') >= 0) {
				throw refused("'" + pair + "' must be one key=value", FieldErrorCode.NOT_A_LABEL, pair);
			}
			String key = pair.substring(0, eq).trim();
			String value = pair.substring(eq + 1).trim();
			LabelProblems.of("label", Map.of(key, value)).ifPresent((problem) -> {
				throw InvalidRequestException.of(problem);
			});
			if (labels.put(key, value) != null) {
				throw refused("label key '" + key + "' is given twice", FieldErrorCode.LABEL_KEY_REPEATED, key);
			}
		}
		return labels;
	}

	private static InvalidRequestException refused(String message, FieldErrorCode code, Object value) {
		return InvalidRequestException.of(FieldProblem.of("label", message, code, value));
	}

	private static String like(String part) {
		if (part == null || part.isEmpty()) {
			return null;
		}
		return part.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

}
