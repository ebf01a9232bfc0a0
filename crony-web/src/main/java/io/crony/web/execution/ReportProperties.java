package io.crony.web.execution;

import io.crony.common.execution.OutputCap;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Results targets report through an SDK.
 *
 * @param outputLimit bytes of a reported output kept in the execution row: larger output
 * keeps its head and a marker saying how many bytes were dropped; 256 to 65535 (the
 * column's size)
 */
@ConfigurationProperties("crony.web.reports")
record ReportProperties(@DefaultValue("65535") int outputLimit) {

	/** Characters a report's output may have at all; more is refused (400). */
	static final int MAX_REPORTED_OUTPUT = 1_048_576;

	ReportProperties {
		outputLimit = OutputCap.bounded(outputLimit);
	}

}
