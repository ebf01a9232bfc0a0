package io.crony.sdk;

/**
 * Reports async runs to crony-web: their progress along the way and their result at the
 * end. Network errors and HTTP 502/503/504 are retried as the options say; refusals never
 * are. Retrying a report is safe: a result repeated after it was applied answers
 * {@code applied=false}. Implementations are safe for concurrent use.
 *
 * <pre>{@code
 * try (CronyClient crony = CronyClient.create(CronyClientOptions.builder("http://crony-web:8080").build())) {
 *     crony.reportProgress(execution, Progress.of(50, "shard-5"));
 *     crony.reportResult(execution, Result.succeeded("rebuilt"));
 * }
 * }</pre>
 */
public interface CronyClient extends AutoCloseable {

	/**
	 * Reports the result of an async run.
	 * @param execution the run, with the token the agent handed over
	 * @param result SUCCEEDED or FAILED
	 * @return crony-web's answer; {@code applied=false} when the run had already finished
	 * @throws InvalidReportException when the outcome is not SUCCEEDED or FAILED
	 * @throws CronyRefusedException when crony-web refused the report
	 * @throws CronyRequestException when crony-web could not be reached
	 */
	ReportResponse reportResult(Execution execution, Result result);

	/**
	 * Reports an async run's progress, and optionally a resume payload.
	 * @param execution the run, with the token the agent handed over
	 * @param progress 0..100, with an optional resume payload and message
	 * @return crony-web's answer; {@code applied=false} when the run had already finished
	 * @throws InvalidReportException when the percentage is outside 0..100
	 * @throws CronyRefusedException when crony-web refused the report
	 * @throws CronyRequestException when crony-web could not be reached
	 */
	ReportResponse reportProgress(Execution execution, Progress progress);

	/**
	 * Asks Crony to move the run to another instance of the service, which resumes from
	 * {@code resumePayload}: a progress report with {@link Progress#rebalance()} set.
	 * Once it is applied, stop working on the run and report no result: the run goes on
	 * elsewhere, as a new attempt handed the payload.
	 * @param execution the run, with the token the agent handed over
	 * @param percent percent done so far, 0..100
	 * @param resumePayload where the next instance starts from
	 * @return crony-web's answer; {@code applied=false} when the run had already finished
	 * (it then moves nowhere)
	 * @throws InvalidReportException when the percentage is outside 0..100
	 * @throws CronyRefusedException when crony-web refused the report
	 * @throws CronyRequestException when crony-web could not be reached
	 */
	default ReportResponse requestRebalance(Execution execution, int percent, String resumePayload) {
		return reportProgress(execution, Progress.rebalance(percent, resumePayload));
	}

	/** Closes the transport. */
	@Override
	void close();

	/** A client with these options. */
	static CronyClient create(CronyClientOptions options) {
		return new HttpCronyClient(options);
	}

	/**
	 * A client for the crony-web at {@code baseUrl} (http://crony-web:8080, say) with
	 * default options.
	 */
	static CronyClient create(String baseUrl) {
		return create(CronyClientOptions.builder(baseUrl).build());
	}

}
