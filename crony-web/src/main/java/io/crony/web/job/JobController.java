package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.FireNote;
import io.crony.web.api.Attachments;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.CronyPrincipal;
import io.crony.web.db.LockRetry;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Job definitions: CRUD, enable/disable, and the next fire times of a schedule. */
@RestController
@RequestMapping("/api/v1/jobs")
@Tag(name = "Jobs", description = "job definitions")
class JobController {

	static final String YAML = "application/yaml";

	private final JobService jobs;

	private final BulkJobService bulk;

	private final JobTransfer transfer;

	/**
	 * Each write is one transaction, run again when MariaDB picks it as a deadlock
	 * victim: a save inserting dependency rows lost to the leader's placement update of
	 * the upstream's row (a 500 before).
	 */
	private final LockRetry retry;

	JobController(JobService jobs, BulkJobService bulk, JobTransfer transfer, LockRetry retry) {
		this.jobs = jobs;
		this.bulk = bulk;
		this.transfer = transfer;
		this.retry = retry;
	}

	@GetMapping
	@Operation(summary = "List jobs, newest first")
	PageResponse<JobResponse> list(@Valid @ParameterObject JobFilter filter, @Valid @ParameterObject Paging paging) {
		return this.jobs.list(filter, paging);
	}

	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a job")
	JobResponse create(@Valid @RequestBody JobRequest request, @AuthenticationPrincipal CronyPrincipal user) {
		return this.retry.call("saving a job", () -> this.jobs.create(request, user.username()));
	}

	@PostMapping("/bulk")
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create or replace many jobs in one transaction, all or nothing",
			description = "Each job is checked as POST /jobs checks it. CREATE (default) creates every job; "
					+ "UPSERT replaces the job of the same name (at the version given, if any) and creates the rest, "
					+ "leaving unchanged definitions as they are. Any problem saves nothing: 400 (409 when every "
					+ "problem is a taken name or a stale version) naming each field as jobs[i].field. "
					+ "At most crony.web.jobs.bulk-limit (1000) jobs per request. "
					+ "201 with each job's outcome and the job, in request order.")
	BulkJobResponse bulk(@RequestBody BulkJobRequest request, @AuthenticationPrincipal CronyPrincipal user) {
		// checked in the service: the size limit before the jobs' annotations
		return this.retry.call("saving jobs", () -> this.bulk.apply(request, user.username()));
	}

	@GetMapping("/export")
	@Operation(summary = "The jobs the list shows for these filters (or those of the ids given) as a job file",
			description = "A download (Content-Disposition: attachment) of {\"jobs\": [...]}, each job as POST /jobs "
					+ "takes it, by name, without id or version; secret header values are ******. "
					+ "At most crony.web.jobs.bulk-limit (1000) jobs: more is a 400.")
	@ApiResponse(responseCode = "200", description = "the job file",
			content = {
					@Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
							schema = @Schema(implementation = JobsDocument.class)),
					@Content(mediaType = YAML, schema = @Schema(implementation = JobsDocument.class)) })
	ResponseEntity<JobsDocument> export(@Valid @ParameterObject JobFilter filter,
			@Parameter(description = "json (default) or yaml") @RequestParam(defaultValue = "json") String format,
			@Parameter(description = "repeatable: only these jobs") @RequestParam(name = "id",
					required = false) List<Long> ids) {
		boolean yaml = "yaml".equals(format);
		if (!yaml && !"json".equals(format)) {
			throw new InvalidRequestException(List.of(FieldProblem.of("format",
					"'" + format + "' is not one of [json, yaml]", FieldErrorCode.NOT_ONE_OF, "[json, yaml]")));
		}
		return ResponseEntity.ok()
			.contentType(yaml ? MediaType.parseMediaType(YAML) : MediaType.APPLICATION_JSON)
			.header(HttpHeaders.CONTENT_DISPOSITION, Attachments.contentDisposition("crony-jobs." + format))
			.body(this.transfer.export(filter, ids));
	}

	@PostMapping(path = "/import",
			consumes = { MediaType.APPLICATION_JSON_VALUE, YAML, "application/x-yaml", "text/yaml", "text/x-yaml" })
	@Operation(summary = "Apply a job file (JSON or YAML), all or nothing; or only say what it would do",
			description = "Each job is matched by name: a new name is created, a known one replaced when its "
					+ "definition differs (absent enabled and owner keep the job's), an unchanged one left alone, "
					+ "as POST /jobs/bulk with mode UPSERT. A secret header sent as ****** keeps the stored "
					+ "secret; for a new job it is a 400. Any problem saves nothing: 400 naming each field as "
					+ "jobs[i].field. dryRun=true writes nothing and answers CREATE, UPDATE (with each changed "
					+ "field before and after) or UNCHANGED per job.")
	JobImportResponse importJobs(@RequestBody(required = false) JobsDocument document,
			@Parameter(description = "true: check and compare only, write nothing") @RequestParam(
					defaultValue = "false") boolean dryRun,
			@AuthenticationPrincipal CronyPrincipal user) {
		// checked in the service, as a bulk request: the size limit before the jobs
		return this.retry.call("importing jobs", () -> this.transfer.importJobs(document, dryRun, user.username()));
	}

	@PostMapping("/{id}/clone")
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Copy a job under another name, disabled unless enabled is true",
			description = "The copy has the job's definition, retention, contact and labels, its secret headers "
					+ "(copied sealed), and is owned by whoever copies it.")
	JobResponse clone(@PathVariable long id, @Valid @RequestBody JobCloneRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.retry.call("copying a job", () -> this.jobs.clone(id, request, user.username()));
	}

	@GetMapping("/{id}")
	@Operation(summary = "One job, with where it runs and its latest execution")
	JobResponse get(@PathVariable long id) {
		return this.jobs.get(id);
	}

	@PutMapping("/{id}")
	@Operation(summary = "Replace a job's definition; pass the version read to refuse lost updates")
	JobResponse update(@PathVariable long id, @Valid @RequestBody JobRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.retry.call("saving a job", () -> this.jobs.update(id, request, user.username()));
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a job (its executions stay); 409 when other jobs depend on it, unless cutEdges")
	void delete(@PathVariable long id, @Parameter(
			description = "true: delete it although other jobs depend on it; they stop waiting for it") @RequestParam(
					defaultValue = "false") boolean cutEdges,
			@AuthenticationPrincipal CronyPrincipal user) {
		this.retry.run("deleting a job", () -> this.jobs.delete(id, cutEdges, user.username()));
	}

	@PostMapping("/{id}/enable")
	@Operation(summary = "Let a job fire")
	JobResponse enable(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		return this.retry.call("enabling a job", () -> this.jobs.setEnabled(id, true, user.username()));
	}

	@PostMapping("/{id}/disable")
	@Operation(summary = "Stop a job from firing")
	JobResponse disable(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		return this.retry.call("disabling a job", () -> this.jobs.setEnabled(id, false, user.username()));
	}

	@GetMapping("/{id}/next-fires")
	@Operation(summary = "The next fire times of a job")
	NextFires nextFires(@PathVariable long id, @RequestParam(defaultValue = "10") @Min(1) @Max(100) int count) {
		JobResponse job = this.jobs.get(id);
		return NextFires.of(job.schedule(), job.timeZone(), job.calendar(), this.jobs.nextFires(id, count));
	}

	@GetMapping("/next-fires")
	@Operation(summary = "The next fire times of a schedule, to check it before saving")
	NextFires previewFires(@RequestParam @NotBlank String schedule,
			@RequestParam(defaultValue = JobRequest.DEFAULT_TIME_ZONE) String timeZone,
			@RequestParam(defaultValue = "10") @Min(1) @Max(100) int count,
			@Parameter(description = "a calendar of the department the fires follow") @RequestParam(
					required = false) @Size(max = 64) String calendar,
			@Parameter(description = "how they follow it; required with calendar") @RequestParam(
					required = false) CalendarRule calendarRule) {
		JobRequest.CalendarChoice choice = this.jobs.calendarChoice(calendar, calendarRule);
		return NextFires.of(schedule, timeZone, choice,
				JobSchedules.preview(schedule, timeZone, this.jobs.calendarOf(choice), Instant.now(), count));
	}

	/**
	 * Fire times, in UTC.
	 *
	 * @param calendar the business calendar the fires follow; null when none
	 * @param notes the fires the calendar moved (with where from) or skipped, with why
	 */
	record NextFires(String schedule, String timeZone, JobRequest.CalendarChoice calendar, List<Instant> fires,
			List<FireNote> notes) {

		static NextFires of(String schedule, String timeZone, JobRequest.CalendarChoice calendar,
				JobSchedules.Preview preview) {
			return new NextFires(schedule, timeZone, calendar, preview.fires(), preview.notes());
		}

	}

}
