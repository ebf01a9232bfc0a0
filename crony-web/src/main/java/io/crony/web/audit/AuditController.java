package io.crony.web.audit;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Reads the audit log: a department's for its admins, all of it for global admins; a
 * job's history for whoever may see the job. Nothing here, nor anywhere in the API,
 * changes or deletes a row.
 */
@RestController
@Tag(name = "Audit", description = "who changed what, when and from where")
class AuditController {

	// the global admins' authority (io.crony.web.auth.Departments.GLOBAL_ADMIN), named
	// here as the audit log depends on no feature
	private static final String GLOBAL_ADMIN = "GLOBAL_ADMIN";

	private final AuditMapper rows;

	private final ActorSource actors;

	AuditController(AuditMapper rows, ActorSource actors) {
		this.rows = rows;
		this.actors = actors;
	}

	@GetMapping("/api/v1/audit")
	@PreAuthorize("hasRole('ADMIN')")
	@Operation(summary = "The department's audit log, newest first (ADMIN only)",
			description = "Every change made through the API to the department's jobs, alert channels, service tokens "
					+ "and members: who, when, from which address, the object and the fields changed (secrets "
					+ "masked). A global admin sees every department's and the platform's changes: users, "
					+ "departments, agents, the cluster, sign-ins (failed ones too) and sign-outs.")
	PageResponse<AuditEntry> list(@Valid @ParameterObject AuditFilter filter, @Valid @ParameterObject Paging paging,
			Authentication authentication) {
		boolean platform = authentication.getAuthorities()
			.stream()
			.anyMatch((authority) -> GLOBAL_ADMIN.equals(authority.getAuthority()));
		return find(filter, platform, paging);
	}

	@GetMapping("/api/v1/jobs/{id}/history")
	@Operation(summary = "A job's history, newest first: its changes, manual runs and cancels",
			description = "Kept after the job is deleted, as long as the audit log keeps its rows. A job "
					+ "of another department, or none, is a 404.")
	PageResponse<AuditEntry> history(@PathVariable long id, @Valid @ParameterObject Paging paging) {
		PageResponse<AuditEntry> page = find(AuditFilter.ofJob(id), false, paging);
		// another department's job answers as one that does not exist, as every per-job
		// read does; a deleted job's rows stay readable while the audit log keeps them
		if (page.total() == 0 && !this.rows.departmentHasOrHadJob(id, this.actors.department().orElseThrow())) {
			throw new JobHistoryNotFoundException(id);
		}
		return page;
	}

	/**
	 * @param platform whether every department's and the platform's changes are shown,
	 * not only the request's department's
	 */
	private PageResponse<AuditEntry> find(AuditFilter filter, boolean platform, Paging paging) {
		// every role check above needs a department: a request reaching here has one
		long department = this.actors.department().orElseThrow();
		QueryWrapper<AuditEntity> query = new QueryWrapper<AuditEntity>().eq(!platform, "department_id", department)
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
