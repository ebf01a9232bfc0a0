package io.crony.web.job;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.AlertPolicy;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.BackoffStrategy;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.web.api.PlainName;
import io.crony.web.retention.Retention;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A job definition as {@code POST /jobs} and {@code PUT /jobs/{id}} take it. Shape rules
 * are annotations here; rules across fields (schedule, zone, target address) are
 * {@link JobValidator}'s. Absent optional fields get the documented defaults.
 *
 * @param name unique name, at most 128 characters, no '/' nor control characters
 * @param description free text
 * @param schedule cron (Quartz with seconds, or Unix), {@code @hourly},
 * {@code @every 30s} or {@code @at 2026-12-01T10:00:00}
 * @param timeZone IANA zone the schedule is read in; default UTC
 * @param target what a run invokes
 * @param timeoutSeconds per-attempt timeout, 1 to 86400; default 60
 * @param retry retry policy; default one attempt
 * @param misfirePolicy default FIRE_NOW
 * @param overlapPolicy default SKIP
 * @param assignment placement preferences; default the cluster's strategy, no labels
 * @param enabled default true on create; on update, absent keeps the current state
 * @param version on update: the version the client last read (409 when it moved on)
 * @param alerts when runs raise alerts and where they go; default none
 * @param retention how long the job's execution rows are kept; absent or null fields: the
 * platform default
 * @param owner the user name answerable for the job; absent: the creator on create, the
 * current owner on update
 * @param contact an e-mail address for the job; absent: none
 * @param labels the job's own labels, for finding it (not the agent selector); absent:
 * none
 * @param calendar the business calendar the job follows and how; absent: none
 * @param dependsOn names of jobs of the department this job waits for
 * (docs/workflows.md); absent: none. With upstreams the schedule may be empty: the job
 * then runs when they have succeeded.
 */
record JobRequest(@NotBlank @Size(max = 128) @PlainName String name, @Size(max = 1024) String description,
		@Schema(description = SCHEDULE) @Size(max = 256) String schedule, @Size(max = 64) String timeZone,
		@NotNull @Valid TargetRequest target, @Min(1) @Max(86400) Integer timeoutSeconds, @Valid RetryRequest retry,
		MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy, @Valid AssignmentRequest assignment, Boolean enabled,
		Long version, @Valid AlertsRequest alerts, @Valid Retention retention,
		@Schema(description = OWNER) @Size(max = 64) String owner,
		@Schema(description = CONTACT) @Size(max = 254) String contact,
		@Schema(description = LABELS) @Size(max = 32) Map<String, String> labels,
		@Schema(description = CALENDAR) @Valid CalendarChoice calendar,
		@Schema(description = DEPENDS_ON) @Size(
				max = JobDependencies.MAX_UPSTREAMS) List<@NotBlank @Size(max = 128) String> dependsOn,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = KEPT) Long id,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = KEPT) Instant createdAt,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = KEPT) Instant updatedAt,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = KEPT) String createdBy,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = KEPT) List<String> dependents,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = REPORTED) String agentId,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY,
				description = REPORTED) JobResponse.LastExecution lastExecution,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = REPORTED) Instant nextFireAt,
		@Schema(accessMode = Schema.AccessMode.READ_ONLY, description = REPORTED) JobPlacement placement) {

	static final String KEPT = "read-only, as GET /jobs/{id} shows it: PUT /jobs/{id} takes the value read (so a job "
			+ "read can be written back) and refuses another with a 400 naming the field; POST /jobs, bulk writes "
			+ "and imports refuse it";

	static final String REPORTED = "read-only, as GET /jobs/{id} shows it: the platform's view, which moves on "
			+ "without a write (a fire, a failover), so PUT /jobs/{id} takes and ignores it; POST /jobs, bulk "
			+ "writes and imports refuse it";

	/** A definition as written, without the fields a read adds. */
	JobRequest(String name, String description, String schedule, String timeZone, TargetRequest target,
			Integer timeoutSeconds, RetryRequest retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentRequest assignment, Boolean enabled, Long version, AlertsRequest alerts, Retention retention,
			String owner, String contact, Map<String, String> labels, CalendarChoice calendar, List<String> dependsOn) {
		this(name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, retention, owner, contact, labels, calendar, dependsOn, null,
				null, null, null, null, null, null, null, null);
	}

	static final String SCHEDULE = "cron (Quartz with seconds, or Unix), @hourly, @every 30s or @at ...; "
			+ "may be empty only for a job with dependsOn, which then runs when its upstreams have succeeded";

	static final String DEPENDS_ON = "names of jobs of the department this job waits for: a fire runs only once "
			+ "each has succeeded since the job's previous instant (docs/workflows.md); absent: none";

	static final String CALENDAR = "the business calendar (GET /calendars) the job's fires follow, and the rule; "
			+ "absent: none";

	static final String OWNER = "the user name answerable for the job; absent: the creator on create, "
			+ "the current owner on update";

	static final String CONTACT = "an e-mail address for the job (name@domain); absent: none";

	static final String LABELS = "the job's own key=value labels for finding it (GET /jobs?label=team=pay), "
			+ "at most 32, in the agent label syntax; not the agent selector (assignment.labels)";

	static final String DEFAULT_TIME_ZONE = "UTC";

	/** A job without upstreams. */
	JobRequest(String name, String description, String schedule, String timeZone, TargetRequest target,
			Integer timeoutSeconds, RetryRequest retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentRequest assignment, Boolean enabled, Long version, AlertsRequest alerts, Retention retention,
			String owner, String contact, Map<String, String> labels, CalendarChoice calendar) {
		this(name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, retention, owner, contact, labels, calendar, null);
	}

	/** A job that follows no calendar. */
	JobRequest(String name, String description, String schedule, String timeZone, TargetRequest target,
			Integer timeoutSeconds, RetryRequest retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentRequest assignment, Boolean enabled, Long version, AlertsRequest alerts, Retention retention,
			String owner, String contact, Map<String, String> labels) {
		this(name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, retention, owner, contact, labels, null);
	}

	/** A job without owner, contact or labels. */
	JobRequest(String name, String description, String schedule, String timeZone, TargetRequest target,
			Integer timeoutSeconds, RetryRequest retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentRequest assignment, Boolean enabled, Long version, AlertsRequest alerts, Retention retention) {
		this(name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, retention, null, null, null);
	}

	/** This definition with other labels, to be written at this version. */
	JobRequest relabeled(Map<String, String> newLabels, long atVersion) {
		return new JobRequest(this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				atVersion, this.alerts, this.retention, this.owner, this.contact,
				newLabels.isEmpty() ? null : newLabels, this.calendar, this.dependsOn);
	}

	/**
	 * This definition without the fields a read adds, its target sharded as
	 * {@code sharding} (the read form; null: as written).
	 */
	JobRequest asWritten(Sharding sharding) {
		TargetRequest written = (this.target != null) ? this.target.shardedAs(sharding) : null;
		return new JobRequest(this.name, this.description, this.schedule, this.timeZone, written, this.timeoutSeconds,
				this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled, this.version,
				this.alerts, this.retention, this.owner, this.contact, this.labels, this.calendar, this.dependsOn);
	}

	/** This definition waiting for these upstreams (names). */
	JobRequest dependingOn(List<String> upstreams) {
		return new JobRequest(this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, this.retention, this.owner, this.contact, this.labels, this.calendar,
				upstreams.isEmpty() ? null : upstreams);
	}

	/**
	 * The owner the job gets: the one given, else the stored job's (on update), else the
	 * creator (on create).
	 */
	String ownerOr(String current) {
		return (this.owner != null && !this.owner.isBlank()) ? this.owner.strip() : current;
	}

	/** The contact as stored: blank means none. */
	String contactOrNone() {
		return (this.contact != null && !this.contact.isBlank()) ? this.contact.strip() : null;
	}

	static final int DEFAULT_TIMEOUT_SECONDS = 60;

	Retention retentionOrInherit() {
		return (this.retention != null) ? this.retention : Retention.INHERIT;
	}

	/**
	 * The schedule as stored: empty for a job that runs only when its upstreams succeed.
	 */
	String scheduleOrNone() {
		return (this.schedule != null) ? this.schedule.strip() : "";
	}

	/** Whether the request names upstream jobs. */
	boolean hasUpstreams() {
		return this.dependsOn != null && !this.dependsOn.isEmpty();
	}

	String zone() {
		return (this.timeZone != null && !this.timeZone.isBlank()) ? this.timeZone : DEFAULT_TIME_ZONE;
	}

	/**
	 * @param owner the owner the job gets ({@link #ownerOr})
	 */
	JobSpec toSpec(long id, long newVersion, boolean enabledNow, String owner) {
		return toSpec(id, newVersion, enabledNow).withOwnership(owner, contactOrNone(), this.labels);
	}

	JobSpec toSpec(long id, long newVersion, boolean enabledNow) {
		return new JobSpec(id, this.name, this.description, scheduleOrNone(), zone(), this.target.toSpec(),
				(this.timeoutSeconds != null) ? this.timeoutSeconds : DEFAULT_TIMEOUT_SECONDS,
				(this.retry != null) ? this.retry.toPolicy() : RetryPolicy.NONE,
				(this.misfirePolicy != null) ? this.misfirePolicy : MisfirePolicy.FIRE_NOW,
				(this.overlapPolicy != null) ? this.overlapPolicy : OverlapPolicy.SKIP,
				(this.assignment != null) ? this.assignment.toSpec() : AssignmentSpec.DEFAULT, enabledNow, newVersion,
				(this.alerts != null) ? this.alerts.toPolicy() : AlertPolicy.NONE);
	}

	/**
	 * The business calendar a job follows.
	 *
	 * @param name a calendar of the job's department
	 * @param rule WORKING_DAYS_ONLY: fire on working days only; SKIP_HOLIDAYS: not on
	 * holidays; NEXT_WORKING_DAY / PREVIOUS_WORKING_DAY: a fire on a non-working day
	 * moves to the next / previous working day at the same time
	 */
	record CalendarChoice(@NotBlank @Size(max = 64) @PlainName String name, @NotNull CalendarRule rule) {

		static CalendarChoice of(JobCalendar calendar) {
			return (calendar != null) ? new CalendarChoice(calendar.name(), calendar.rule()) : null;
		}

	}

	/**
	 * What a run invokes.
	 *
	 * @param type HTTP, GRPC or SHELL
	 * @param method HTTP method; default GET
	 * @param url HTTP: {@code http(s)://} or {@code lb://service/path}; GRPC:
	 * {@code static://host:port} or {@code discovery:///service}
	 * @param headers HTTP request headers
	 * @param body body template with {@code ${executionId}}, {@code ${scheduledAt}},
	 * {@code ${params}} and dates by the run's logical time ({@code ${yyyyMMdd,-1d}},
	 * {@code io.crony.common.template.RunTemplate}); absent: the run's params are the
	 * body
	 * @param mode SYNC (default) or ASYNC
	 * @param command SHELL: the command line
	 * @param successCodes HTTP status codes counted as success; empty means any 2xx
	 * @param secretHeaders headers whose values are secret besides those whose names say
	 * so (Authorization, Cookie, ...): stored encrypted, read back as a mask
	 * @param instanceChoice {@code lb://} and {@code discovery:///} targets only:
	 * ROUND_ROBIN (default), LEAST_ACTIVE or CONSISTENT_HASH
	 * @param statusUrl ASYNC HTTP and GRPC targets only: where the agent asks how an
	 * accepted run is doing, instead of waiting for a report (GRPC: {@code /handler}, the
	 * handler whose {@code JobTarget/Status} answers)
	 * @param shards {@code lb://} and {@code discovery:///} SYNC targets only: each fire
	 * makes this many calls (2 to 100), each told its index and the total; absent: one
	 * call
	 * @param shardParams with {@code shards} only: each shard's parameters, one item per
	 * shard, at most 4096 characters each; absent: none
	 * @param broadcast {@code lb://} and {@code discovery:///} SYNC targets only: each
	 * fire calls every instance the registry lists; not with {@code shards}
	 * @param progressTimeoutSeconds ASYNC {@code lb://} and {@code discovery:///} targets
	 * only, 1 to the job's {@code timeoutSeconds}: an accepted run whose row has not
	 * changed for this long is resumed once at another instance; absent: none
	 * @param shardsTimeoutSeconds with {@code shards} or {@code broadcast} only, 1 to
	 * 86400: how long the whole fire may take, every shard's retries included; shards
	 * still going then are stopped and the run ends TIMED_OUT; absent: no limit beyond
	 * each shard's own
	 */
	record TargetRequest(@NotNull TargetType type, @Size(max = 16) String method, @Size(max = 2048) String url,
			Map<@NotBlank String, @NotNull String> headers, @Schema(description = BODY) @Size(max = 65536) String body,
			TargetMode mode, @Size(max = 4096) String command, List<@NotNull @Min(100) @Max(599) Integer> successCodes,
			List<@NotBlank String> secretHeaders, @Schema(description = INSTANCE_CHOICE) InstanceChoice instanceChoice,
			@Schema(description = STATUS_URL) @Size(max = 2048) String statusUrl,
			@Schema(description = SHARDS) Integer shards,
			@Schema(description = SHARD_PARAMS) @Size(max = JobSharding.MAX_SHARDS) List<String> shardParams,
			@Schema(description = BROADCAST) Boolean broadcast,
			@Schema(description = PROGRESS_TIMEOUT_SECONDS) Integer progressTimeoutSeconds,
			@Schema(description = SHARDS_TIMEOUT_SECONDS) @Min(1) @Max(86400) Integer shardsTimeoutSeconds,
			@JsonProperty("sharding") @Schema(accessMode = Schema.AccessMode.READ_ONLY,
					description = SHARDING) Sharding readSharding,
			@Schema(description = ENV) @Size(
					max = 64) Map<@NotBlank @Size(max = 128) String, @NotNull @Size(max = 4096) String> env) {

		static final String ENV = "SHELL targets only: environment variables the command gets beside the agent's "
				+ "own, name to value (a name of letters, digits and _, not starting with a digit); each value "
				+ "takes the command's templates: dates by the run's logical time and upstream outputs "
				+ "(docs/targets.md); absent: none";

		static final String BODY = "HTTP: the call's body, with ${executionId}, ${scheduledAt}, ${params} and the "
				+ "shard placeholders filled in, and dates by the run's logical time in the job's zone "
				+ "(${yyyyMMdd}, ${yyyyMMdd,-1d}; also in the url, the headers but secret ones, and a SHELL "
				+ "command; $${ is a literal ${); absent or empty: the run's params are the body as they are "
				+ "(none for GET and HEAD; docs/targets.md)";

		static final String SHARDING = "read-only, as GET /jobs/{id} shows it: the read form of shards, "
				+ "shardParams, broadcast and shardsTimeoutSeconds. PUT /jobs/{id} takes the value read and, when "
				+ "none of those four is given, keeps it; another value is a 400 naming target.sharding "
				+ "(change the four instead). POST /jobs, bulk writes and imports refuse it";

		/** A target as written, without the read form of its sharding. */
		TargetRequest(TargetType type, String method, String url, Map<String, String> headers, String body,
				TargetMode mode, String command, List<Integer> successCodes, List<String> secretHeaders,
				InstanceChoice instanceChoice, String statusUrl, Integer shards, List<String> shardParams,
				Boolean broadcast, Integer progressTimeoutSeconds, Integer shardsTimeoutSeconds) {
			this(type, method, url, headers, body, mode, command, successCodes, secretHeaders, instanceChoice,
					statusUrl, shards, shardParams, broadcast, progressTimeoutSeconds, shardsTimeoutSeconds, null,
					null);
		}

		/** Whether the request says how to shard, in the written form. */
		boolean writesSharding() {
			return this.shards != null || this.shardParams != null || this.broadcast != null
					|| this.shardsTimeoutSeconds != null;
		}

		/** This target without the read form, sharded as {@code read} says when given. */
		TargetRequest shardedAs(Sharding read) {
			if (read == null) {
				return new TargetRequest(this.type, this.method, this.url, this.headers, this.body, this.mode,
						this.command, this.successCodes, this.secretHeaders, this.instanceChoice, this.statusUrl,
						this.shards, this.shardParams, this.broadcast, this.progressTimeoutSeconds,
						this.shardsTimeoutSeconds, null, this.env);
			}
			return new TargetRequest(this.type, this.method, this.url, this.headers, this.body, this.mode, this.command,
					this.successCodes, this.secretHeaders, this.instanceChoice, this.statusUrl,
					read.broadcast() ? null : read.shards(),
					(read.broadcast() || read.params().isEmpty()) ? null : read.params(),
					read.broadcast() ? Boolean.TRUE : null, this.progressTimeoutSeconds, read.timeoutSeconds(), null,
					this.env);
		}

		/** A target with no instance choice (round-robin) and no status URL. */
		TargetRequest(TargetType type, String method, String url, Map<String, String> headers, String body,
				TargetMode mode, String command, List<Integer> successCodes, List<String> secretHeaders) {
			this(type, method, url, headers, body, mode, command, successCodes, secretHeaders, null, null);
		}

		/** A target that makes one call per fire. */
		TargetRequest(TargetType type, String method, String url, Map<String, String> headers, String body,
				TargetMode mode, String command, List<Integer> successCodes, List<String> secretHeaders,
				InstanceChoice instanceChoice, String statusUrl) {
			this(type, method, url, headers, body, mode, command, successCodes, secretHeaders, instanceChoice,
					statusUrl, null, null, null);
		}

		/** A target with no progress timeout. */
		TargetRequest(TargetType type, String method, String url, Map<String, String> headers, String body,
				TargetMode mode, String command, List<Integer> successCodes, List<String> secretHeaders,
				InstanceChoice instanceChoice, String statusUrl, Integer shards, List<String> shardParams,
				Boolean broadcast) {
			this(type, method, url, headers, body, mode, command, successCodes, secretHeaders, instanceChoice,
					statusUrl, shards, shardParams, broadcast, null, null);
		}

		/** A target with no limit on a sharded fire as a whole. */
		TargetRequest(TargetType type, String method, String url, Map<String, String> headers, String body,
				TargetMode mode, String command, List<Integer> successCodes, List<String> secretHeaders,
				InstanceChoice instanceChoice, String statusUrl, Integer shards, List<String> shardParams,
				Boolean broadcast, Integer progressTimeoutSeconds) {
			this(type, method, url, headers, body, mode, command, successCodes, secretHeaders, instanceChoice,
					statusUrl, shards, shardParams, broadcast, progressTimeoutSeconds, null);
		}

		static final String PROGRESS_TIMEOUT_SECONDS = "ASYNC lb:// and discovery:/// targets only, 1 to the job's "
				+ "timeoutSeconds: an accepted run whose execution has not changed (no progress report) for this "
				+ "many seconds is resumed once at another instance of the service, from the last resume payload "
				+ "(docs/targets.md); absent: the run waits for its deadline";

		static final String SHARDS = "lb:// and discovery:/// SYNC targets only: each fire makes this many calls "
				+ "(2 to 100) over the service's instances, each told its index (from 0) and the total "
				+ "(docs/targets.md); absent: one call";

		static final String SHARDS_TIMEOUT_SECONDS = "with shards or broadcast only, 1 to 86400: how long the whole "
				+ "fire may take, every shard's retries included; shards still going then are stopped and the run "
				+ "ends TIMED_OUT; absent: no limit beyond each shard's own timeoutSeconds and retry policy";

		static final String SHARD_PARAMS = "with shards only: each shard's parameters by index, exactly shards items "
				+ "of at most 4096 characters each; absent: none";

		static final String BROADCAST = "lb:// and discovery:/// SYNC targets only: true makes each fire call "
				+ "every instance the registry lists at fire time; not with shards";

		static final String STATUS_URL = "ASYNC HTTP and GRPC targets only: where the agent asks (GET) how an accepted run "
				+ "is doing instead of waiting for a report: http(s)://host/path, or /path on the instance that took "
				+ "the call; ${executionId} and the other body placeholders are replaced. It answers "
				+ "{\"outcome\": \"RUNNING\" | \"SUCCEEDED\" | \"FAILED\", \"progress\", \"message\", \"output\", "
				+ "\"resumePayload\"}. ASYNC GRPC targets: /handler, the handler whose crony.v1.JobTarget/Status the "
				+ "agent calls on the instance that took the call (StatusResponse carries the same fields)";

		static final String INSTANCE_CHOICE = "lb:// and discovery:/// targets only: how a run picks one instance "
				+ "of the service. "
				+ "ROUND_ROBIN (default): the next in turn; LEAST_ACTIVE: the one with the fewest calls in flight "
				+ "from the agent; CONSISTENT_HASH: the same one for the job while the set of instances stays the same";

		private static String blankToNull(String value) {
			return (value != null && !value.isBlank()) ? value.trim() : null;
		}

		List<String> secretHeadersOrNone() {
			return (this.secretHeaders != null) ? this.secretHeaders : List.of();
		}

		String methodOrDefault() {
			return (this.method != null && !this.method.isBlank()) ? this.method.trim().toUpperCase(Locale.ROOT)
					: "GET";
		}

		TargetSpec toSpec() {
			String httpMethod = (this.type == TargetType.HTTP) ? methodOrDefault() : null;
			return new TargetSpec(this.type, httpMethod, this.url, this.headers, this.body, this.mode, this.command,
					this.successCodes, this.instanceChoice, blankToNull(this.statusUrl), sharding(),
					this.progressTimeoutSeconds, this.env);
		}

		/** How a fire becomes several calls, or null for one call. */
		Sharding sharding() {
			if (Boolean.TRUE.equals(this.broadcast)) {
				return Sharding.toEveryInstance().within(this.shardsTimeoutSeconds);
			}
			if (this.shards != null && this.shards >= 2) {
				return Sharding.of(this.shards, this.shardParams).within(this.shardsTimeoutSeconds);
			}
			return null;
		}

	}

	/**
	 * How often a failed attempt is tried again and how long the agent waits before each
	 * retry. Only {@code maxAttempts} and {@code backoffSeconds} (a fixed wait) is the
	 * shape from before the backoff strategy, and still means that. Rules across fields
	 * are {@link JobValidator#checkRetry}'s.
	 *
	 * @param maxAttempts attempts in all, 1 to 10; default 1
	 * @param backoff FIXED (default) or EXPONENTIAL
	 * @param backoffSeconds FIXED: the wait before every retry, 0 to 3600, default 0;
	 * EXPONENTIAL: the wait before the first retry, 1 to 3600, default 1
	 * @param multiplier EXPONENTIAL only: factor from one wait to the next, above 1 and
	 * at most 10; default 2
	 * @param maxBackoffSeconds EXPONENTIAL only: the longest wait, at least
	 * {@code backoffSeconds}, at most 86400; default 3600
	 * @param jitter share of each wait that is random, 0 to 1: the wait is drawn between
	 * {@code (1 - jitter)} times the computed wait and the computed wait; default 0.2 for
	 * EXPONENTIAL, 0 for FIXED
	 */
	record RetryRequest(@Min(1) @Max(10) Integer maxAttempts, @Schema(description = BACKOFF) BackoffStrategy backoff,
			@Schema(description = BACKOFF_SECONDS) @Min(0) @Max(3600) Integer backoffSeconds,
			@Schema(description = MULTIPLIER) @DecimalMin(value = "1",
					inclusive = false) @DecimalMax("10") Double multiplier,
			@Schema(description = MAX_BACKOFF_SECONDS) @Min(1) @Max(86400) Integer maxBackoffSeconds,
			@Schema(description = JITTER) @DecimalMin("0") @DecimalMax("1") Double jitter) {

		static final String BACKOFF = "FIXED (default): backoffSeconds before every retry. EXPONENTIAL: "
				+ "backoffSeconds * multiplier^(n-1) before retry n, at most maxBackoffSeconds";

		static final String BACKOFF_SECONDS = "FIXED: the wait before every retry, default 0. "
				+ "EXPONENTIAL: the wait before the first retry, at least 1, default 1";

		static final String MULTIPLIER = "EXPONENTIAL only: factor from one wait to the next, default 2";

		static final String MAX_BACKOFF_SECONDS = "EXPONENTIAL only: the longest wait, not below backoffSeconds, "
				+ "default 3600";

		static final String JITTER = "share of each wait that is random: the wait is drawn between "
				+ "(1 - jitter) * the computed wait and the computed wait; default 0.2 for EXPONENTIAL, 0 for FIXED";

		static final int DEFAULT_EXPONENTIAL_BACKOFF_SECONDS = 1;

		boolean exponential() {
			return this.backoff == BackoffStrategy.EXPONENTIAL;
		}

		int backoffSecondsOrDefault() {
			if (this.backoffSeconds != null) {
				return this.backoffSeconds;
			}
			return exponential() ? DEFAULT_EXPONENTIAL_BACKOFF_SECONDS : 0;
		}

		RetryPolicy toPolicy() {
			return new RetryPolicy((this.maxAttempts != null) ? this.maxAttempts : 1, backoffSecondsOrDefault(),
					this.backoff, this.multiplier, this.maxBackoffSeconds, this.jitter);
		}

	}

	/**
	 * @param channelIds alert channels to notify
	 * @param onFailure alert when a run fails after its last attempt; default true
	 * @param onTimeout alert when a run times out after its last attempt; default true
	 * @param failureRate alert when the failed share of runs over a window passes a
	 * threshold; default off
	 * @param onRecovery tell once when the job succeeds again after a failure alert;
	 * default false
	 */
	record AlertsRequest(@Size(max = 20) List<@NotNull Long> channelIds, Boolean onFailure, Boolean onTimeout,
			@Valid FailureRateRequest failureRate, Boolean onRecovery,
			@Schema(description = "alert when, this many minutes after an instant of the schedule, the job and "
					+ "every job that depends on it have not all succeeded since (docs/workflows.md); absent: never") @Min(1) @Max(10080) Integer workflowDeadlineMinutes) {

		AlertsRequest(List<Long> channelIds, Boolean onFailure, Boolean onTimeout, FailureRateRequest failureRate,
				Boolean onRecovery) {
			this(channelIds, onFailure, onTimeout, failureRate, onRecovery, null);
		}

		AlertPolicy toPolicy() {
			return new AlertPolicy(this.channelIds, !Boolean.FALSE.equals(this.onFailure),
					!Boolean.FALSE.equals(this.onTimeout),
					(this.failureRate != null) ? this.failureRate.toRule() : null, Boolean.TRUE.equals(this.onRecovery),
					this.workflowDeadlineMinutes);
		}

	}

	/**
	 * @param threshold failed share of runs that raises the alert, 0 to 1
	 * @param windowMinutes how far back runs count, 1 to 1440; default 10
	 * @param minRuns fewest runs in the window before the rule judges, 1 to 100000;
	 * default 5
	 */
	record FailureRateRequest(@NotNull @DecimalMin("0") @DecimalMax("1") Double threshold,
			@Min(1) @Max(1440) Integer windowMinutes, @Min(1) @Max(100000) Integer minRuns) {

		AlertPolicy.FailureRate toRule() {
			return new AlertPolicy.FailureRate(this.threshold, (this.windowMinutes != null) ? this.windowMinutes : 10,
					(this.minRuns != null) ? this.minRuns : 5);
		}

	}

	/**
	 * @param strategy placement strategy; absent means the cluster's
	 * @param labels the agent must carry every one of these labels
	 */
	record AssignmentRequest(AssignmentStrategy strategy, Map<@NotBlank String, @NotNull String> labels) {

		AssignmentSpec toSpec() {
			return new AssignmentSpec(this.strategy, this.labels);
		}

	}

}
