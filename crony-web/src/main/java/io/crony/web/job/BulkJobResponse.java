package io.crony.web.job;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a bulk request did, one entry per job in request order.
 *
 * @param created jobs created
 * @param updated jobs whose definition changed (a new version)
 * @param unchanged jobs left as they were (UPSERT of an unchanged definition)
 * @param jobs each job as it is now, in request order
 */
record BulkJobResponse(int created, int updated, int unchanged, List<Item> jobs) {

	static BulkJobResponse of(List<Item> items) {
		int created = 0;
		int updated = 0;
		for (Item item : items) {
			created += (item.outcome() == Outcome.CREATED) ? 1 : 0;
			updated += (item.outcome() == Outcome.UPDATED) ? 1 : 0;
		}
		return new BulkJobResponse(created, updated, items.size() - created - updated, items);
	}

	/** What happened to one job of the request. */
	enum Outcome {

		CREATED, UPDATED, UNCHANGED

	}

	/**
	 * @param outcome what happened to it
	 * @param job the job as it is now (id, version, ...), as {@code GET /jobs/{id}} shows
	 * it
	 */
	record Item(@Schema(description = "CREATED, UPDATED or UNCHANGED") Outcome outcome, JobResponse job) {

	}

}
