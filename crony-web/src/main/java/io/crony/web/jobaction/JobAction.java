package io.crony.web.jobaction;

import io.crony.web.auth.Scope;

/**
 * What {@code POST /jobs/actions} does to each job, and the service-account scope each
 * needs: the scope of the matching single-job route (a person needs OPERATOR for any).
 */
enum JobAction {

	/** As {@code POST /jobs/{id}/enable}. */
	ENABLE(Scope.JOBS_WRITE, 200),
	/** As {@code POST /jobs/{id}/disable}. */
	DISABLE(Scope.JOBS_WRITE, 200),
	/** As {@code POST /jobs/{id}/run}, with the request's params. */
	RUN(Scope.RUNS_TRIGGER, 202),
	/** As {@code DELETE /jobs/{id}}. */
	DELETE(Scope.JOBS_WRITE, 204),
	/**
	 * The job's labels become exactly {@code labels}, as {@code PUT /jobs/{id}} would.
	 */
	SET_LABELS(Scope.JOBS_WRITE, 200),
	/** {@code labels} are added to the job's, replacing the values of keys it has. */
	ADD_LABELS(Scope.JOBS_WRITE, 200),
	/** The labels of {@code labelKeys} are removed from the job's. */
	REMOVE_LABELS(Scope.JOBS_WRITE, 200);

	private final Scope scope;

	private final int doneStatus;

	JobAction(Scope scope, int doneStatus) {
		this.scope = scope;
		this.doneStatus = doneStatus;
	}

	Scope scope() {
		return this.scope;
	}

	/** What the single-job route answers when it did its work. */
	int doneStatus() {
		return this.doneStatus;
	}

}
