package io.crony.web.audit;

/**
 * What an audited change is about. Changes to a department's objects belong to that
 * department's log; the others are platform changes, which only global admins read.
 */
public enum AuditObjectType {

	JOB(true), USER(false), ALERT_CHANNEL(true), AGENT(false), CLUSTER(false), SERVICE_TOKEN(true),

	/** A department itself and its members; the object id is the department's id. */
	DEPARTMENT(true),

	/** A business calendar; the jobs its change rewrites are not logged one by one. */
	CALENDAR(true),
	/**
	 * A single sign-on group mapping: which group grants which role in which department.
	 */
	SSO_GROUP_MAPPING(false);

	private final boolean departmental;

	AuditObjectType(boolean departmental) {
		this.departmental = departmental;
	}

	/** Whether the change belongs to a department's log. */
	public boolean departmental() {
		return this.departmental;
	}

}
