package io.crony.web.agent;

/** An agent as the API shows it. */
public enum AgentStatus {

	/** Its etcd key is alive and it takes jobs. */
	ONLINE,
	/** Its etcd key is alive but the operator drained it: it takes no jobs. */
	DRAINED,
	/** Its etcd key is gone (seen recently). */
	OFFLINE

}
