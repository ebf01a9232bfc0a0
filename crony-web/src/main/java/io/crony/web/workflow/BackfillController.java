package io.crony.web.workflow;

import java.util.List;

import io.crony.common.execution.lifecycle.BackfillTransition;
import io.crony.web.auth.CronyPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Backfills: a job run for every scheduled instant of a past range (docs/workflows.md).
 */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "Backfills", description = "a job run for the past instants of its schedule, alone or with dependents")
class BackfillController {

	private final Backfills backfills;

	BackfillController(Backfills backfills) {
		this.backfills = backfills;
	}

	@PostMapping("/jobs/{id}/backfills")
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Start a backfill of a job over a past range", tags = "Jobs")
	Backfill create(@PathVariable long id, @Valid @RequestBody BackfillRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		return this.backfills.create(id, request, user.username());
	}

	@GetMapping("/backfills")
	@Operation(summary = "The latest backfills, newest first")
	List<Backfill> list(@Parameter(description = "only this job's") @RequestParam(required = false) Long jobId,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		return this.backfills.list(jobId, limit);
	}

	@GetMapping("/backfills/{id}")
	@Operation(summary = "One backfill and how far it got")
	Backfill get(@PathVariable long id) {
		return this.backfills.get(id);
	}

	@PostMapping("/backfills/{id}/pause")
	@Operation(summary = "Pause a backfill: no more instants start; those under way go on")
	Backfill pause(@PathVariable long id) {
		return this.backfills.change(id, BackfillTransition.PAUSE);
	}

	@PostMapping("/backfills/{id}/resume")
	@Operation(summary = "Resume a paused backfill")
	Backfill resume(@PathVariable long id) {
		return this.backfills.change(id, BackfillTransition.RESUME);
	}

	@PostMapping("/backfills/{id}/cancel")
	@Operation(summary = "Cancel a backfill: no more instants start; those under way go on")
	Backfill cancel(@PathVariable long id) {
		return this.backfills.change(id, BackfillTransition.CANCEL);
	}

}
