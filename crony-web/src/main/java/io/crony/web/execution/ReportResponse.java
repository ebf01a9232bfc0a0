package io.crony.web.execution;

/**
 * The answer to a report.
 *
 * @param applied false when the run had already finished: nothing changed
 * @param status the execution's status after the report
 * @param message what the reporter said, or why nothing changed
 */
record ReportResponse(boolean applied, String status, String message) {

}
