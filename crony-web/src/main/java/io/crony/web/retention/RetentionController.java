package io.crony.web.retention;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Roles;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The platform's retention default, the record of the leader's purges, a purge on demand
 * and what one would remove (global admins).
 */
@RestController
@RequestMapping("/api/v1/retention")
@PreAuthorize(Roles.GLOBAL_ADMIN)
class RetentionController {

	private final RetentionRules rules;

	private final PurgeRuns runs;

	private final ExecutionPurge purge;

	private final RetentionProperties properties;

	private final AuditLog audit;

	RetentionController(RetentionRules rules, PurgeRuns runs, ExecutionPurge purge, RetentionProperties properties,
			AuditLog audit) {
		this.rules = rules;
		this.runs = runs;
		this.purge = purge;
		this.properties = properties;
		this.audit = audit;
	}

	/** The limits a job with no {@code retention} of its own has. */
	@GetMapping
	Retention platformDefault() {
		return this.rules.platformDefault();
	}

	/** Purges, newest first. */
	@GetMapping("/purges")
	PageResponse<PurgeRun> purges(@Valid @ParameterObject Paging paging) {
		return this.runs.page(paging);
	}

	@PostMapping("/purges")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Ask the leader for a purge now (202 with its record, REQUESTED until the leader takes it "
			+ "up); one already waiting or running is answered instead of a second")
	PurgeRun requestPurge() {
		if (!this.properties.enabled()) {
			throw new PurgesOffException();
		}
		PurgeRuns.Request request = this.runs.request(Instant.now().truncatedTo(ChronoUnit.MILLIS));
		PurgeRun run = request.run();
		if (request.asked()) {
			this.audit.record(AuditAction.RETENTION_PURGE, run.id(), "purge " + run.id(), null, run);
		}
		return run;
	}

	@GetMapping("/preview")
	@Operation(summary = "What a purge would remove now, by the same rules, removing nothing (a dry run)")
	PurgePreview preview() {
		return this.purge.preview();
	}

}
