package io.crony.web.auth;

/**
 * What a service-account token may do. Scopes reach jobs and runs only: users, tokens,
 * alert channels, agents and the cluster stay with people's roles.
 */
public enum Scope {

	/** Read jobs and their next fires. */
	JOBS_READ,
	/** Create, change, enable, disable and delete jobs (alone and in bulk). */
	JOBS_WRITE,
	/** Run a job now and cancel its runs. */
	RUNS_TRIGGER,
	/** Read runs (executions) and their output. */
	RUNS_READ;

	/** The Spring Security authority, {@code SCOPE_JOBS_READ} for JOBS_READ. */
	public String authority() {
		return "SCOPE_" + name();
	}

}
