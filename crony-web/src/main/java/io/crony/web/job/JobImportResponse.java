package io.crony.web.job;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What an import did, or with {@code dryRun} would do, one entry per job in file order.
 *
 * @param dryRun true when nothing was written
 * @param created jobs created (or to be)
 * @param updated jobs whose definition changed (or would)
 * @param unchanged jobs left as they are
 * @param jobs each job's action
 */
record JobImportResponse(boolean dryRun, int created, int updated, int unchanged, List<Item> jobs) {

	static JobImportResponse of(boolean dryRun, List<Item> items) {
		int created = (int) items.stream().filter((item) -> item.action() == Action.CREATE).count();
		int updated = (int) items.stream().filter((item) -> item.action() == Action.UPDATE).count();
		return new JobImportResponse(dryRun, created, updated, items.size() - created - updated, items);
	}

	/** What an import does to one job of the file. */
	enum Action {

		CREATE, UPDATE, UNCHANGED

	}

	/**
	 * @param index the job's place in the file
	 * @param name the job's name
	 * @param action what happens to it
	 * @param id the job's id; null for a job a dry run would create
	 * @param changes for an UPDATE, each field that changes; empty otherwise
	 */
	record Item(int index, String name, @Schema(description = "CREATE, UPDATE or UNCHANGED") Action action, @Schema(
			description = "the job's id; null for a job a dry run would create") @JsonInclude(JsonInclude.Include.ALWAYS) Long id,
			List<JobDiff.Change> changes) {

	}

}
