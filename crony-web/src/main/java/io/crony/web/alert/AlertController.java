package io.crony.web.alert;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.Departments;
import io.crony.web.department.DepartmentJobs;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The alert history: what was sent, failed or held back by the rate limit. A department
 * sees the alerts of its jobs and those sent to its channels; a global admin also the
 * platform's (agents lost, jobs not placed).
 */
@RestController
@RequestMapping("/api/v1/alerts")
@Tag(name = "Alerts", description = "alert history")
class AlertController {

	private final AlertMapper alerts;

	AlertController(AlertMapper alerts) {
		this.alerts = alerts;
	}

	@GetMapping
	@Operation(summary = "List alerts, newest first")
	PageResponse<AlertResponse> list(@Valid @ParameterObject AlertFilter filter,
			@Valid @ParameterObject Paging paging) {
		// longs, not text from the request: nothing to escape
		long department = Departments.current();
		boolean platform = Departments.principal().globalAdmin();
		QueryWrapper<AlertEntity> where = new QueryWrapper<AlertEntity>()
			.and((mine) -> mine.inSql("job_id", DepartmentJobs.idsSql(department))
				.or()
				.inSql("channel_id", "SELECT id FROM alert_channel WHERE department_id = " + department)
				.or(platform)
				.isNull(platform, "job_id"))
			.eq(filter.jobId() != null, "job_id", filter.jobId())
			.eq(filter.channelId() != null, "channel_id", filter.channelId())
			.eq(filter.kind() != null, "kind", (filter.kind() != null) ? filter.kind().name() : null)
			.eq(filter.status() != null, "status", (filter.status() != null) ? filter.status().name() : null)
			.ge(filter.from() != null, "created_at", filter.from())
			.lt(filter.to() != null, "created_at", filter.to())
			.orderByDesc("id");
		return PageResponse.of(this.alerts.selectPage(paging.toPage(), where), AlertResponse::of, paging);
	}

}
