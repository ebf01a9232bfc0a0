package io.crony.web.dashboard;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The overview page's numbers and series; every signed-in user may read them. */
@RestController
@RequestMapping("/api/v1/dashboard")
@Tag(name = "Dashboard", description = "counts and time series for the overview")
class DashboardController {

	private final DashboardService dashboard;

	DashboardController(DashboardService dashboard) {
		this.dashboard = dashboard;
	}

	@GetMapping("/summary")
	@Operation(summary = "Runs per minute, hour and day by status, success rate, running now, agents alive, "
			+ "trigger lateness percentiles and recent failures")
	DashboardSummary summary() {
		return this.dashboard.summary();
	}

}
