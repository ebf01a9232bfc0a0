package io.crony.web.job;

/**
 * What a bulk request does with a job whose name is taken.
 */
enum BulkMode {

	/** Every job is new: a taken name is a conflict (409), as with {@code POST /jobs}. */
	CREATE,

	/**
	 * A job whose name is taken replaces that job's definition, as {@code PUT /jobs/{id}}
	 * does (optionally only at the {@code version} given); others are created. A job
	 * whose definition is what is stored already is left as it is.
	 */
	UPSERT

}
