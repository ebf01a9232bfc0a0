package io.crony.web.execution;

/**
 * Makes a manual run's dependents follow it ("run with dependents"); implemented by the
 * workflow feature, which depends on this one.
 */
public interface DependentsFollow {

	/**
	 * @param rootExecutionId the manual run just requested
	 * @return the workflow run's id
	 */
	long follow(long departmentId, long jobId, long rootExecutionId, String params, String by);

}
