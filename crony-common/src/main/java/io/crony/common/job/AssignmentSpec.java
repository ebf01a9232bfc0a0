package io.crony.common.job;

import java.util.Map;

/**
 * Where a job may run.
 *
 * @param strategy placement strategy; null means the cluster default
 * @param labels label selector: the agent must carry every one of these labels
 */
public record AssignmentSpec(AssignmentStrategy strategy, Map<String, String> labels) {

	public static final AssignmentSpec DEFAULT = new AssignmentSpec(null, Map.of());

	public AssignmentSpec {
		labels = (labels != null) ? Map.copyOf(labels) : Map.of();
	}

}
