package io.crony.web.audit;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Reads the audit log: the whole of it for admins, a job's history for whoever may see
 * the job. Nothing here, nor anywhere in the API, changes or deletes a row.
 */
@RestController
@Tag(name = "Audit", description = "who changed what, when and from where")
class AuditController {

	private final AuditMapper rows;

	AuditController(AuditMapper rows) {
		this.rows = rows;
	}

	@GetMapping("/api/v1/audit")
	@PreAuthorize("hasRole('ADMIN')")
	@Operation(summary = "The audit log, newest first (ADMIN only)",
			description = "Every change made through the API, sign-ins (failed ones too) and sign-outs: who, when, "
					+ "from which address, the object and the fields changed (secrets masked).")
	PageResponse<AuditEntry> list(@Valid @ParameterObject AuditFilter filter, @Valid @ParameterObject Paging paging) {
		return find(filter, paging);
	}

	@GetMapping("/api/v1/jobs/{id}/history")
	@Operation(summary = "A job's history, newest first: its changes, manual runs and cancels",
			description = "Kept after the job is deleted, as long as the audit log keeps its rows.")
	PageResponse<AuditEntry> history(@PathVariable long id, @Valid @ParameterObject Paging paging) {
		return find(AuditFilter.ofJob(id), paging);
	}

	private PageResponse<AuditEntry> find(AuditFilter filter, Paging paging) {
		QueryWrapper<AuditEntity> query = new QueryWrapper<AuditEntity>()
			.eq(filter.actor() != null, "actor_name", filter.actor())
			.eq(filter.action() != null, "action", (filter.action() != null) ? filter.action().name() : null)
			.eq(filter.objectType() != null, "object_type",
					(filter.objectType() != null) ? filter.objectType().name() : null)
			.eq(filter.objectId() != null, "object_id", filter.objectId())
			.ge(filter.from() != null, "occurred_at", filter.from())
			.lt(filter.to() != null, "occurred_at", filter.to())
			.orderByDesc("id");
		return PageResponse.of(this.rows.selectPage(paging.toPage(), query), AuditEntry::of, paging);
	}

}
