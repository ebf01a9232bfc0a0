package io.crony.web.dashboard;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How fresh the overview's longer series are. Their closed buckets (every hour but the
 * current one, every day but today) are counted again at most this often; the current
 * bucket, running now and the minutes of the last hour are read on every request.
 *
 * @param hourSeriesRefresh how long the closed hours of the 24-hour series are reused
 * @param daySeriesRefresh how long the closed days of the 30-day series are reused
 */
@ConfigurationProperties("crony.web.dashboard")
record DashboardProperties(@DefaultValue("1m") Duration hourSeriesRefresh,
		@DefaultValue("10m") Duration daySeriesRefresh) {
}
