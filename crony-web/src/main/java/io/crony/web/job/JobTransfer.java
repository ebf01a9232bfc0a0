package io.crony.web.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.job.BulkJobResponse.Outcome;
import io.crony.web.job.BulkJobService.Planned;
import io.crony.web.job.BulkPlan.Step;
import io.crony.web.job.JobImportResponse.Action;
import io.crony.web.job.JobImportResponse.Item;
import io.crony.web.retention.Retention;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Job files: the export writes the jobs the list shows (or some of them by id), the
 * import applies a file as a bulk UPSERT does (by name, all or nothing, unchanged jobs
 * left alone) and, as a dry run, says what it would do without writing.
 */
@Service
class JobTransfer {

	private static final Logger log = LoggerFactory.getLogger(JobTransfer.class);

	private final JobService jobs;

	private final BulkJobService bulk;

	private final SecretBox secrets;

	private final JobsProperties properties;

	JobTransfer(JobService jobs, BulkJobService bulk, SecretBox secrets, JobsProperties properties) {
		this.jobs = jobs;
		this.bulk = bulk;
		this.secrets = secrets;
		this.properties = properties;
	}

	/**
	 * @param ids the jobs wanted among those the filter matches; null or empty for all
	 * @return the jobs by name, secret header values masked
	 */
	JobsDocument export(JobFilter filter, List<Long> ids) {
		List<Long> wanted = (ids != null && !ids.isEmpty()) ? ids : null;
		if (wanted != null && wanted.size() > this.properties.bulkLimit()) {
			throw InvalidRequestException.of(FieldProblem.of("id",
					wanted.size() + " ids given; at most " + this.properties.bulkLimit()
							+ " jobs are exported at once (crony.web.jobs.bulk-limit)",
					FieldErrorCode.TOO_MANY, this.properties.bulkLimit(), wanted.size()));
		}
		List<JobRequest> exported = this.jobs.listAll(filter, wanted, this.properties.bulkLimit())
			.stream()
			.map((row) -> JobExports.of(CronyJson.fromJson(row.spec, JobSpec.class),
					new Retention(row.retentionDays, row.retentionMaxCount), JobExports::masked))
			.sorted(Comparator.comparing(JobRequest::name))
			.toList();
		return new JobsDocument(exported);
	}

	/**
	 * @param dryRun true to only say what the import would do
	 * @throws BulkRefusedException naming each problem as {@code jobs[i].field}; nothing
	 * is written then
	 */
	@Transactional
	JobImportResponse importJobs(JobsDocument document, boolean dryRun, String by) {
		List<JobRequest> requested = (document != null) ? document.jobs() : null;
		Planned planned = this.bulk.plan(new BulkJobRequest(BulkMode.UPSERT, requested), by);
		List<Step> steps = planned.plan().steps();
		List<Item> items = new ArrayList<>();
		for (Step step : steps) {
			JobRequest job = requested.get(step.index());
			List<JobDiff.Change> changes = (step.outcome() == Outcome.UPDATED) ? changes(planned, step, job)
					: List.of();
			Long id = (step.outcome() == Outcome.CREATED) ? null : step.row().getId();
			items.add(new Item(step.index(), job.name(), action(step.outcome()), id, changes));
		}
		if (!dryRun) {
			List<BulkJobResponse.Item> written = this.bulk.write(planned, by).jobs();
			for (int i = 0; i < items.size(); i++) {
				Item item = items.get(i);
				items.set(i,
						new Item(item.index(), item.name(), item.action(), written.get(i).job().id(), item.changes()));
			}
		}
		JobImportResponse response = JobImportResponse.of(dryRun, items);
		log.info("Import of {} jobs by {}{}: {} to create, {} to update, {} unchanged", items.size(), by,
				dryRun ? " (dry run)" : "", response.created(), response.updated(), response.unchanged());
		return response;
	}

	private List<JobDiff.Change> changes(Planned planned, Step step, JobRequest job) {
		JobSpec before = planned.before(step.index());
		Retention storedRetention = planned.stored().get(step.index()).retention();
		Set<String> secret = new HashSet<>();
		secretFields(before, secret);
		secretFields(step.definition(), secret);
		return JobDiff.of(view(before, storedRetention), view(step.definition(), job.retentionOrInherit()), secret);
	}

	/** The job as a file has it, secrets opened to compare them. */
	private JsonNode view(JobSpec spec, Retention retention) {
		UnaryOperator<String> open = (value) -> {
			try {
				return this.secrets.open(value);
			}
			catch (RuntimeException ex) {
				// sealed with a key this instance lacks: compared sealed, so it shows as
				// changed
				return value;
			}
		};
		return CronyJson.mapper().valueToTree(JobExports.of(spec, retention, open));
	}

	private static void secretFields(JobSpec spec, Set<String> fields) {
		spec.target().headers().forEach((name, value) -> {
			if (SecretBox.isSealed(value) || SecretHeaders.isSecretName(name)) {
				fields.add("target.headers." + name);
			}
		});
	}

	private static Action action(Outcome outcome) {
		return switch (outcome) {
			case CREATED -> Action.CREATE;
			case UPDATED -> Action.UPDATE;
			case UNCHANGED -> Action.UNCHANGED;
		};
	}

}
