package io.crony.web.department;

/**
 * The jobs of a department, deleted ones included ({@code deleted_job}): whose runs and
 * alerts stay the department's after the job is gone.
 */
public final class DepartmentJobs {

	private DepartmentJobs() {
	}

	/**
	 * Their ids, as SQL for an IN condition; the department id is a long, nothing to
	 * escape.
	 */
	public static String idsSql(long departmentId) {
		return "SELECT id FROM job WHERE department_id = " + departmentId
				+ " UNION ALL SELECT id FROM deleted_job WHERE department_id = " + departmentId;
	}

}
