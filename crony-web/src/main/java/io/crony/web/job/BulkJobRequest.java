package io.crony.web.job;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

/**
 * Many job definitions for {@code POST /jobs/bulk}, applied all or nothing. Each job is a
 * {@link JobRequest} with its rules; names must differ within the request.
 *
 * @param mode CREATE (default) or UPSERT
 * @param jobs the jobs, at most {@code crony.web.jobs.bulk-limit} (1000)
 */
record BulkJobRequest(@Schema(description = MODE) BulkMode mode,
		@Schema(description = JOBS) @NotEmpty List<@NotNull @Valid JobRequest> jobs) {

	static final String MODE = "CREATE (default): every job is new, a taken name is a conflict. "
			+ "UPSERT: a job whose name is taken replaces that job's definition, as PUT /jobs/{id} does "
			+ "(only at its version when the job gives one: a conflict otherwise; absent enabled keeps the job's state), "
			+ "a job whose definition is unchanged is left as it is, the others are created";

	static final String JOBS = "the jobs, each as POST /jobs takes it, names unique within the request; "
			+ "at most crony.web.jobs.bulk-limit (default 1000)";

	BulkMode modeOrDefault() {
		return (this.mode != null) ? this.mode : BulkMode.CREATE;
	}

}
