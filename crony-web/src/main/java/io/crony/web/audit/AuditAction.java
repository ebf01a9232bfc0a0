package io.crony.web.audit;

/**
 * Every kind of change the audit log records, with the kind of object it is about. A
 * manual run and a cancel are about the job (its history shows them); the execution's id
 * is among their changes.
 */
public enum AuditAction {

	JOB_CREATE(AuditObjectType.JOB), JOB_UPDATE(AuditObjectType.JOB), JOB_DELETE(AuditObjectType.JOB),
	JOB_ENABLE(AuditObjectType.JOB), JOB_DISABLE(AuditObjectType.JOB), JOB_RUN(AuditObjectType.JOB),
	EXECUTION_CANCEL(AuditObjectType.JOB), JOB_CLONE(AuditObjectType.JOB), EXECUTION_CLEAR(AuditObjectType.JOB),

	USER_CREATE(AuditObjectType.USER), USER_UPDATE(AuditObjectType.USER), USER_DELETE(AuditObjectType.USER),
	LOGIN(AuditObjectType.USER), LOGIN_FAILED(AuditObjectType.USER), LOGOUT(AuditObjectType.USER),
	/** The directory accepted the password, but none of the user's groups is mapped. */
	LOGIN_REFUSED(AuditObjectType.USER), SSO_MAPPING_CREATE(AuditObjectType.SSO_GROUP_MAPPING),
	SSO_MAPPING_UPDATE(AuditObjectType.SSO_GROUP_MAPPING), SSO_MAPPING_DELETE(AuditObjectType.SSO_GROUP_MAPPING),

	CHANNEL_CREATE(AuditObjectType.ALERT_CHANNEL), CHANNEL_UPDATE(AuditObjectType.ALERT_CHANNEL),
	CHANNEL_DELETE(AuditObjectType.ALERT_CHANNEL),

	CALENDAR_CREATE(AuditObjectType.CALENDAR), CALENDAR_UPDATE(AuditObjectType.CALENDAR),
	CALENDAR_DELETE(AuditObjectType.CALENDAR),

	SERVICE_TOKEN_CREATE(AuditObjectType.SERVICE_TOKEN), SERVICE_TOKEN_REVOKE(AuditObjectType.SERVICE_TOKEN),
	SERVICE_TOKEN_DELETE(AuditObjectType.SERVICE_TOKEN),

	DEPARTMENT_CREATE(AuditObjectType.DEPARTMENT), DEPARTMENT_UPDATE(AuditObjectType.DEPARTMENT),
	DEPARTMENT_DELETE(AuditObjectType.DEPARTMENT), MEMBER_ADD(AuditObjectType.DEPARTMENT),
	MEMBER_UPDATE(AuditObjectType.DEPARTMENT), MEMBER_REMOVE(AuditObjectType.DEPARTMENT),

	AGENT_UPDATE(AuditObjectType.AGENT), CLUSTER_REBALANCE(AuditObjectType.CLUSTER),

	RETENTION_PURGE(AuditObjectType.CLUSTER);

	private final AuditObjectType objectType;

	AuditAction(AuditObjectType objectType) {
		this.objectType = objectType;
	}

	public AuditObjectType objectType() {
		return this.objectType;
	}

}
