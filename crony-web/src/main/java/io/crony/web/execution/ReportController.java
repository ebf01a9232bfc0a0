package io.crony.web.execution;

import io.crony.common.json.CronyJson;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Where SDKs report async results and progress. Authenticated by the execution token in
 * {@code X-Crony-Token}, not by a user's bearer token (SecurityConfiguration lets these
 * two paths through).
 */
@RestController
@RequestMapping("/api/v1/executions/{id}")
@Tag(name = "Reports", description = "results and progress reported by targets (execution token required)")
class ReportController {

	static final String TOKEN_HEADER = "X-Crony-Token";

	private final ReportService reports;

	ReportController(ReportService reports) {
		this.reports = reports;
	}

	@PostMapping("/result")
	@Operation(summary = "Report the result of a running execution (async targets)")
	ReportResponse result(@PathVariable long id, @RequestHeader(name = TOKEN_HEADER, required = false) String token,
			@Valid @RequestBody ResultReport report) {
		return this.reports.result(id, token, report,
				(report.outputs() != null) ? CronyJson.toJson(report.outputs()) : null);
	}

	@PostMapping("/progress")
	@Operation(summary = "Report progress (0..100) and a resume payload of a running execution")
	ReportResponse progress(@PathVariable long id, @RequestHeader(name = TOKEN_HEADER, required = false) String token,
			@Valid @RequestBody ProgressReport report) {
		return this.reports.progress(id, token, report);
	}

}
