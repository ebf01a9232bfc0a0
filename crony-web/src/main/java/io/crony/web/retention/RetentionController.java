package io.crony.web.retention;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.Roles;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The platform's retention default and the record of the leader's purges (global admins).
 */
@RestController
@RequestMapping("/api/v1/retention")
@PreAuthorize(Roles.GLOBAL_ADMIN)
class RetentionController {

	private final RetentionRules rules;

	private final PurgeRuns runs;

	RetentionController(RetentionRules rules, PurgeRuns runs) {
		this.rules = rules;
		this.runs = runs;
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

}
