package io.crony.web.job;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A file of jobs: what {@code GET /jobs/export} writes and {@code POST /jobs/import}
 * reads, as JSON or YAML. Each job is a {@link JobRequest} without id or version; secret
 * header values are the mask {@code ******}.
 *
 * @param jobs the jobs
 */
record JobsDocument(@Schema(description = "the jobs, each as POST /jobs takes it; names unique within the file; "
		+ "at most crony.web.jobs.bulk-limit (default 1000)") List<JobRequest> jobs) {

}
