package io.crony.web.job;

import java.util.List;
import java.util.Map;

import io.crony.common.job.BackoffStrategy;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetType;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class JobValidatorTest {

	@Test
	void acceptsAValidHttpJob() {
		assertThat(JobValidator.validate(job("settle", "0 0 1 * * ?", "Asia/Shanghai", http("POST", "http://h/x"))))
			.isEmpty();
	}

	@Test
	void rejectsCronWithSixtySecondsOnTheScheduleField() {
		assertThat(JobValidator.validate(job("j", "61 * * * * ?", "UTC", http(null, "http://h/x"))))
			.containsExactly(new FieldProblem("schedule", "second 61 out of range 0-59",
					FieldErrorCode.CRON_FIELD_OUT_OF_RANGE, Map.of("field", "second", "value", "61", "range", "0-59")));
	}

	@Test
	void rejectsAnUnknownTimeZone() {
		assertThat(fields(job("j", "0 0 1 * * ?", "Europe/Atlantis", http(null, "http://h/x"))))
			.containsExactly("timeZone");
	}

	@Test
	void readsAMissingTimeZoneAsUtc() {
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", null, http(null, "http://h/x")))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "a/b", "tab\there", " padded", "padded " })
	void rejectsNamesWithSlashesControlCharactersOrOuterSpaces(String name) {
		assertThat(fields(job(name, "0 0 1 * * ?", "UTC", http(null, "http://h/x")))).containsExactly("name");
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://host/path", "https://host:8443/p?q=1", "lb://billing-service/run" })
	void acceptsHttpHttpsAndLoadBalancedUrls(String url) {
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", http("get", url)))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "ftp://host/x", "host/path", "http:///nohost", "static://host:80", "::" })
	void rejectsOtherHttpUrls(String url) {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", http(null, url)))).containsExactly("target.url");
	}

	@ParameterizedTest
	@ValueSource(strings = { "LEAST_ACTIVE", "CONSISTENT_HASH", "ROUND_ROBIN" })
	void acceptsAnInstanceChoiceForADiscoveredTarget(InstanceChoice choice) {
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", choosing("lb://billing/run", choice))))
			.isEmpty();
		JobRequest.TargetRequest grpc = new JobRequest.TargetRequest(TargetType.GRPC, null,
				"discovery:///billing/settle", null, null, null, null, null, null, choice, null);
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", grpc))).isEmpty();
	}

	@Test
	void refusesAnInstanceChoiceForAnAddressThatNamesOneInstance() {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", choosing("http://billing/run", InstanceChoice.LEAST_ACTIVE))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.instanceChoice", "applies to lb://service/path (HTTP) and "
					+ "discovery:///service (GRPC) targets only: other addresses name one instance"));
		JobRequest.TargetRequest grpc = new JobRequest.TargetRequest(TargetType.GRPC, null, "static://billing:9090",
				null, null, null, null, null, null, InstanceChoice.CONSISTENT_HASH, null);
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", grpc))).containsExactly("target.instanceChoice");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/jobs/${executionId}/status", "http://billing.internal/status?id=${executionId}",
			"https://billing.internal:8443/s" })
	void acceptsAStatusUrlForAnAsyncHttpTarget(String statusUrl) {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", asking(TargetType.HTTP, TargetMode.ASYNC, statusUrl)))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "status", "ftp://h/x", "//other-host/x", "http:///nohost", "lb://billing/status" })
	void refusesAStatusUrlThatIsNeitherAPathNorAnHttpAddress(String statusUrl) {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", asking(TargetType.HTTP, TargetMode.ASYNC, statusUrl))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(
					fieldAndMessage("target.statusUrl", "must be a /path, http://host/path or https://host/path"));
	}

	@Test
	void refusesAStatusUrlWhereNoRunIsAskedAboutLater() {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", asking(TargetType.HTTP, TargetMode.SYNC, "/status"))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.statusUrl", "applies to ASYNC HTTP and GRPC targets only"));
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", asking(TargetType.SHELL, TargetMode.ASYNC, "/status"))))
			.containsExactly("target.statusUrl");
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", askingGrpc("static://billing:9090/run", TargetMode.SYNC, "/s"))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.statusUrl", "applies to ASYNC HTTP and GRPC targets only"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "static://billing:9090/rebuild-index", "discovery:///billing/rebuild-index" })
	void acceptsAStatusHandlerForAnAsyncGrpcTarget(String url) {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", askingGrpc(url, TargetMode.ASYNC, "/rebuild-index-status"))))
			.isEmpty();
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", askingGrpc(url, TargetMode.ASYNC, " /rebuild-index ")))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "rebuild-index", "/", "/a/b", "/status/${executionId}", "http://billing/status",
			"//billing/s", "/a b" })
	void refusesAGrpcStatusUrlThatIsNotOneHandler(String statusUrl) {
		assertThat(JobValidator.validate(
				job("j", "0 0 1 * * ?", "UTC", askingGrpc("static://billing:9090/run", TargetMode.ASYNC, statusUrl))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.statusUrl",
					"must be /handler for a GRPC target: the handler that answers JobTarget/Status on the instance "
							+ "that took the call (one path segment, no placeholders)"));
	}

	@Test
	void acceptsShardsWithOneParameterEachAndABroadcastOnDiscoveredTargets() {
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", 3, List.of("a", "b", "c"), null))))
			.isEmpty();
		JobRequest.TargetRequest grpc = new JobRequest.TargetRequest(TargetType.GRPC, null,
				"discovery:///billing/settle", null, null, null, null, null, null, null, null, null, null, true);
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", grpc))).isEmpty();
		JobRequest.TargetRequest plain = sharded("lb://billing/run", null, List.of(), false);
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", plain))).isEmpty();
		assertThat(plain.sharding()).as("one call").isNull();
	}

	@Test
	void refusesShardsAndBroadcastWhereTheAddressNamesOneInstance() {
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", sharded("http://h/x", 2, null, null))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.shards", "applies to lb://service/path (HTTP) and "
					+ "discovery:///service (GRPC) targets only: other addresses name one instance"));
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", sharded("http://h/x", null, null, true))))
			.containsExactly("target.broadcast");
	}

	@ParameterizedTest
	@ValueSource(ints = { -1, 0, 1, 101 })
	void refusesAShardCountOutsideTwoToAHundred(int shards) {
		assertThat(
				JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", shards, null, null))))
			.containsExactly(
					FieldProblem.of("target.shards", "must be between 2 and 100", FieldErrorCode.OUT_OF_RANGE, 2, 100));
	}

	@Test
	void refusesShardParametersWithoutShardsOrOfAnotherCountOrTooLong() {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", null, List.of("a"), null))))
			.containsExactly("target.shardParams");
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", 3, List.of("a", "b"), null))))
			.containsExactly(FieldProblem.of("target.shardParams",
					"must hold exactly target.shards (3) items, one per shard", FieldErrorCode.SHARD_PARAMS_COUNT, 3));
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC",
				sharded("lb://billing/run", 3, List.of("a", "b", "x".repeat(4097)), null))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.shardParams[2]", "must be at most 4096 characters"));
		assertThat(JobValidator.validate(
				job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", 2, List.of("a", "x".repeat(4096)), null))))
			.isEmpty();
	}

	@Test
	void refusesShardsTogetherWithBroadcast() {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", sharded("lb://billing/run", 2, null, true))))
			.containsExactly("target.broadcast");
	}

	@Test
	void refusesAsyncShardsAndAStatusUrlWithShards() {
		JobRequest.TargetRequest async = new JobRequest.TargetRequest(TargetType.HTTP, "POST", "lb://billing/run",
				Map.of(), null, TargetMode.ASYNC, null, null, null, null, "/status", 4, null, null);
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", async))).containsExactly(
				FieldProblem.of("target.mode",
						"ASYNC shards are not supported: a sharded or broadcast target must be SYNC",
						FieldErrorCode.SHARDS_MUST_BE_SYNC),
				FieldProblem.of("target.statusUrl", "not with target.shards or target.broadcast",
						FieldErrorCode.NOT_APPLICABLE));
	}

	@Test
	void acceptsAProgressTimeoutOnAsyncDiscoveredTargetsUpToTheJobsTimeout() {
		assertThat(JobValidator.validate(timed(silent(TargetType.HTTP, "lb://billing/run", TargetMode.ASYNC, 3), 20)))
			.isEmpty();
		assertThat(
				JobValidator.validate(timed(silent(TargetType.GRPC, "discovery:///billing", TargetMode.ASYNC, 20), 20)))
			.isEmpty();
		assertThat(
				JobValidator.validate(timed(silent(TargetType.HTTP, "lb://billing/run", TargetMode.ASYNC, 60), null)))
			.as("the default timeout is 60 s")
			.isEmpty();
		assertThat(silent(TargetType.HTTP, "lb://billing/run", TargetMode.ASYNC, 3).toSpec().progressTimeoutSeconds())
			.isEqualTo(3);
	}

	@Test
	void refusesAProgressTimeoutOnSyncRunsAndFixedAddresses() {
		String only = "applies to ASYNC lb://service/path (HTTP) and discovery:///service (GRPC) targets only: "
				+ "a run moves to another instance";
		assertThat(JobValidator.validate(timed(silent(TargetType.HTTP, "lb://billing/run", null, 3), 20)))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.progressTimeoutSeconds", only));
		assertThat(JobValidator.validate(timed(silent(TargetType.HTTP, "http://billing/run", TargetMode.ASYNC, 3), 20)))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.progressTimeoutSeconds", only));
		assertThat(fields(timed(silent(TargetType.GRPC, "static://billing:9090", TargetMode.ASYNC, 3), 20)))
			.containsExactly("target.progressTimeoutSeconds");
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, -1, 21 })
	void refusesAProgressTimeoutOutsideOneToTheJobsTimeout(int seconds) {
		assertThat(JobValidator
			.validate(timed(silent(TargetType.HTTP, "lb://billing/run", TargetMode.ASYNC, seconds), 20)))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("target.progressTimeoutSeconds",
					"must be between 1 and the job's timeoutSeconds (20)"));
	}

	@Test
	void mapsShardsAndBroadcastToTheTargetsSharding() {
		assertThat(sharded("lb://billing/run", 3, List.of("a", "b", "c"), null).toSpec().sharding())
			.isEqualTo(Sharding.of(3, List.of("a", "b", "c")));
		assertThat(sharded("lb://billing/run", null, null, true).toSpec().sharding())
			.isEqualTo(Sharding.toEveryInstance());
		assertThat(http("POST", "lb://billing/run").toSpec().sharding()).isNull();
	}

	@Test
	void rejectsAnUnknownHttpMethod() {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", http("FETCH", "http://h/x"))))
			.containsExactly("target.method");
	}

	@ParameterizedTest
	@ValueSource(strings = { "static://10.0.0.1:9090", "static://grpc-host:50051", "discovery:///billing",
			"static://10.0.0.1:9090/settle-orders", "discovery:///billing/rebuild-index" })
	void acceptsStaticAndDiscoveryGrpcAddresses(String url) {
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", target(TargetType.GRPC, url, null)))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "static://host", "static://host:0", "static://host:70000", "static://host:80/a/b",
			"discovery://host/billing", "discovery:///", "http://host:9090", "lb://billing" })
	void rejectsOtherGrpcAddresses(String url) {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", target(TargetType.GRPC, url, null))))
			.containsExactly("target.url");
	}

	@Test
	void requiresACommandForAShellTarget() {
		assertThat(fields(job("j", "0 0 1 * * ?", "UTC", target(TargetType.SHELL, null, " "))))
			.containsExactly("target.command");
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", target(TargetType.SHELL, null, "date"))))
			.isEmpty();
	}

	@Test
	void reportsProblemsOfSeveralFieldsTogether() {
		assertThat(fields(job("a/b", "61 * * * * ?", "UTC", http("FETCH", "ftp://x"))))
			.containsExactlyInAnyOrder("name", "schedule", "target.method", "target.url");
	}

	@Test
	void acceptsBothBackoffStrategiesAndTheShapeFromBeforeThem() {
		assertThat(JobValidator.validate(withRetry(new JobRequest.RetryRequest(3, null, 5, null, null, null))))
			.isEmpty();
		assertThat(JobValidator.validate(withRetry(new JobRequest.RetryRequest(3, null, 5, null, null, 0.5))))
			.isEmpty();
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(4, BackoffStrategy.EXPONENTIAL, 1, 2.0, 3, 0.2))))
			.isEmpty();
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(4, BackoffStrategy.EXPONENTIAL, null, null, null, null))))
			.isEmpty();
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(4, BackoffStrategy.EXPONENTIAL, 60, null, 60, null))))
			.isEmpty();
	}

	@Test
	void readsAnOldStyleRetryAsAFixedWaitAndFillsTheExponentialDefaults() {
		assertThat(new JobRequest.RetryRequest(3, null, 5, null, null, null).toPolicy())
			.isEqualTo(new RetryPolicy(3, 5));
		assertThat(new JobRequest.RetryRequest(4, BackoffStrategy.EXPONENTIAL, null, null, null, null).toPolicy())
			.isEqualTo(RetryPolicy.exponential(4, 1, 2.0, 3600, 0.2));
	}

	@Test
	void refusesExponentialOnlyFieldsWithAFixedBackoff() {
		assertThat(fields(withRetry(new JobRequest.RetryRequest(3, BackoffStrategy.FIXED, 5, 2.0, 60, null))))
			.containsExactly("retry.multiplier", "retry.maxBackoffSeconds");
		assertThat(fields(withRetry(new JobRequest.RetryRequest(3, null, 5, null, 60, null))))
			.containsExactly("retry.maxBackoffSeconds");
	}

	@Test
	void refusesAnExponentialBackoffFromZeroOrWithAMaximumBelowItsStart() {
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(3, BackoffStrategy.EXPONENTIAL, 0, 2.0, 60, null))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("retry.backoffSeconds", "must be at least 1 with EXPONENTIAL backoff"));
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(3, BackoffStrategy.EXPONENTIAL, 30, 2.0, 10, null))))
			.usingRecursiveFieldByFieldElementComparatorOnFields("field", "message")
			.containsExactly(fieldAndMessage("retry.maxBackoffSeconds", "must be at least backoffSeconds (30)"));
	}

	@Test
	void theRulesAcrossFieldsCarryCodesWithTheirValues() {
		assertThat(JobValidator.validate(timed(silent(TargetType.HTTP, "lb://billing/run", TargetMode.ASYNC, 21), 20)))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.OUT_OF_RANGE, Map.of("min", "1", "max", "20")));
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(3, BackoffStrategy.EXPONENTIAL, 0, 2.0, 60, null))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.TOO_SMALL, Map.of("min", "1")));
		assertThat(JobValidator
			.validate(withRetry(new JobRequest.RetryRequest(3, BackoffStrategy.EXPONENTIAL, 30, 2.0, 10, null))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.TOO_SMALL, Map.of("min", "30")));
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", asking(TargetType.HTTP, TargetMode.ASYNC, "ftp://h/x"))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.WRONG_ADDRESS_FORM,
					Map.of("forms", "/path, http://host/path, https://host/path")));
		assertThat(JobValidator
			.validate(job("j", "0 0 1 * * ?", "UTC", askingGrpc("static://billing:9090/run", TargetMode.ASYNC, "a/b"))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.WRONG_ADDRESS_FORM, Map.of("forms", "/handler")));
		assertThat(JobValidator.validate(job("j", "0 0 1 * * ?", "UTC", askingGrpc("grpc://billing", null, null))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.WRONG_ADDRESS_FORM,
					Map.of("forms", "static://host:port[/handler], discovery:///service[/handler]")));
		assertThat(JobValidator.validate(selecting(Map.of("dept", "p a y"))))
			.extracting(FieldProblem::code, FieldProblem::params)
			.containsExactly(tuple(FieldErrorCode.LABEL_VALUE_INVALID, Map.of("key", "dept", "value", "p a y")));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "1,,2 * * * *|CRON_EMPTY_ITEM", "1- * * * *|CRON_EMPTY_VALUE",
					"? * * * *|CRON_QUESTION_MARK_MISPLACED", "*/0 * * * *|CRON_STEP_ZERO",
					"0 0 0 1 1 ? 2030-2027|CRON_RANGE_REVERSED", "0 0 * * FOO|CRON_NOT_A_NAME",
					"0 0 L * *|CRON_QUARTZ_ONLY", "0 0 0 1 * MON|CRON_DAYS_BOTH_RESTRICTED",
					"0 0 0 L-x * ?|CRON_LAST_DAY_FORM", "0 0 0 L-31 * ?|CRON_FIELD_OUT_OF_RANGE",
					"0 0 0 ? * 1#6|CRON_FIELD_OUT_OF_RANGE", "*/1234567 * * * *|CRON_FIELD_NOT_A_NUMBER",
					"@every 5x|EVERY_NOT_A_DURATION", "@every|EVERY_NOT_A_DURATION", "@every 500ms|TOO_SMALL",
					"@every 367d|TOO_LARGE", "@at 2026-13-01T00:00:00|AT_NOT_A_DATE_TIME",
					"@at 2026-12-01T10:00:00.5Z|AT_FRACTION_OF_SECOND", "@sometimes|UNKNOWN_MACRO" })
	void everyScheduleRuleAnswersACodeOfItsOwn(String expression, FieldErrorCode code) {
		FieldProblem problem = JobSchedules.check(expression, "UTC");

		assertThat(problem.code()).as(problem.message()).isEqualTo(code);
		assertThat(problem.params().keySet()).containsExactlyInAnyOrderElementsOf(code.params());
	}

	private static JobRequest withRetry(JobRequest.RetryRequest retry) {
		return new JobRequest("j", null, "0 0 1 * * ?", "UTC", http(null, "http://h/x"), null, retry, null, null, null,
				null, null, null, null);
	}

	private static List<String> fields(JobRequest job) {
		return JobValidator.validate(job).stream().map(FieldProblem::field).toList();
	}

	@Test
	void acceptsASelectorInTheSyntaxOfAgentLabels() {
		assertThat(JobValidator.validate(selecting(Map.of("dept", "pay", "k8s.io/zone", "eu-1", "tier", ""))))
			.isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "dept=p a y", "bad key=x", "-dept=pay", "dept=pay,x" })
	void rejectsASelectorLabelNoAgentCouldCarryOnTheAssignmentLabelsField(String labels) {
		Map<String, String> selector = new java.util.HashMap<>();
		for (String pair : labels.split(",")) {
			String[] kv = pair.split("=", 2);
			selector.put(kv[0], (kv.length > 1) ? kv[1] : "a,b");
		}
		assertThat(fields(selecting(selector))).containsExactly("assignment.labels");
	}

	private static JobRequest selecting(Map<String, String> labels) {
		return new JobRequest("j", null, "0 0 1 * * ?", "UTC", http(null, "http://h/x"), null, null, null, null,
				new JobRequest.AssignmentRequest(null, labels), null, null, null, null);
	}

	private static JobRequest job(String name, String schedule, String zone, JobRequest.TargetRequest target) {
		return new JobRequest(name, null, schedule, zone, target, null, null, null, null, null, null, null, null, null);
	}

	private static JobRequest timed(JobRequest.TargetRequest target, Integer timeoutSeconds) {
		return new JobRequest("j", null, "0 0 1 * * ?", "UTC", target, timeoutSeconds, null, null, null, null, null,
				null, null, null);
	}

	private static JobRequest.TargetRequest silent(TargetType type, String url, TargetMode mode, int seconds) {
		return new JobRequest.TargetRequest(type, (type == TargetType.HTTP) ? "POST" : null, url, Map.of(), null, mode,
				null, null, null, null, null, null, null, null, seconds);
	}

	private static JobRequest.TargetRequest http(String method, String url) {
		return new JobRequest.TargetRequest(TargetType.HTTP, method, url, Map.of(), null, null, null, null, null);
	}

	private static JobRequest.TargetRequest choosing(String url, InstanceChoice choice) {
		return new JobRequest.TargetRequest(TargetType.HTTP, "POST", url, Map.of(), null, null, null, null, null,
				choice, null);
	}

	private static JobRequest.TargetRequest askingGrpc(String url, TargetMode mode, String statusUrl) {
		return new JobRequest.TargetRequest(TargetType.GRPC, null, url, Map.of(), null, mode, null, null, null, null,
				statusUrl);
	}

	private static JobRequest.TargetRequest asking(TargetType type, TargetMode mode, String statusUrl) {
		return new JobRequest.TargetRequest(type, "POST", (type == TargetType.HTTP) ? "lb://billing/run" : null,
				Map.of(), null, mode, (type == TargetType.SHELL) ? "true" : null, null, null, null, statusUrl);
	}

	private static JobRequest.TargetRequest sharded(String url, Integer shards, List<String> params,
			Boolean broadcast) {
		return new JobRequest.TargetRequest(TargetType.HTTP, "POST", url, Map.of(), null, null, null, null, null, null,
				null, shards, params, broadcast);
	}

	private static JobRequest.TargetRequest target(TargetType type, String url, String command) {
		return new JobRequest.TargetRequest(type, null, url, null, null, null, command, null, null);
	}

	/**
	 * A problem to compare on field and message only (with
	 * {@code usingRecursiveFieldByFieldElementComparatorOnFields}): its code is not
	 * looked at.
	 */
	private static FieldProblem fieldAndMessage(String field, String message) {
		return new FieldProblem(field, message, FieldErrorCode.INVALID, Map.of());
	}

}
