package io.crony.web.audit;

/** What an audited change is about. */
public enum AuditObjectType {

	JOB, USER, ALERT_CHANNEL, AGENT, CLUSTER, SERVICE_TOKEN

}
