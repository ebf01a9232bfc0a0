package io.crony.web.job;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetType;
import io.crony.common.target.TargetPolicy;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.LabelProblems;

/**
 * The rules of a job definition that span fields or need the schedule engine; the
 * request's annotations have checked its shape already.
 */
final class JobValidator {

	static final Set<String> HTTP_METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

	private static final String STATUS_URL_FORMS = "must be a /path, http://host/path or https://host/path";

	private static final List<String> STATUS_URL_FORM_LIST = List.of("/path", "http://host/path", "https://host/path");

	private static final List<String> HTTP_URL_FORMS = List.of("http://host/path", "https://host/path",
			"lb://service/path");

	private static final List<String> GRPC_URL_FORMS = List.of("static://host:port[/handler]",
			"discovery:///service[/handler]");

	private static final String GRPC_STATUS_FORM = "must be /handler for a GRPC target: the handler that answers "
			+ "JobTarget/Status on the instance that took the call (one path segment, no placeholders)";

	/** A gRPC status handler: one path segment; placeholders are not filled there. */
	private static final Pattern GRPC_STATUS_HANDLER = Pattern.compile("/[^/\\s$?#]+");

	private static final Set<String> HTTP_SCHEMES = Set.of("http", "https", "lb");

	/**
	 * An address a mail server takes: one '@', no white space, a dot in the domain; what
	 * RFC 5322 allows beyond that (quoted local parts, IP literals) no job contact needs.
	 */
	private static final Pattern MAIL = Pattern.compile("[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+");

	private JobValidator() {
	}

	/**
	 * @return every problem found, empty when the job may be saved
	 */
	static List<FieldProblem> validate(JobRequest job) {
		List<FieldProblem> problems = new ArrayList<>();
		checkName(job.name(), problems);
		checkSchedule(job, problems);
		checkTarget(job.target(), problems);
		checkProgressTimeout(job, problems);
		checkRetry(job.retry(), problems);
		checkSelector(job.assignment(), problems);
		checkOwnership(job, problems);
		return problems;
	}

	/**
	 * Owner and contact as one line of text each, the job's labels in the agents' syntax.
	 */
	private static void checkOwnership(JobRequest job, List<FieldProblem> problems) {
		if (job.owner() != null && job.owner().chars().anyMatch(Character::isISOControl)) {
			problems.add(
					FieldProblem.of("owner", "must not contain control characters", FieldErrorCode.CONTROL_CHARACTERS));
		}
		String contact = job.contactOrNone();
		if (contact != null && !MAIL.matcher(contact).matches()) {
			problems.add(FieldProblem.of("contact", "'" + contact + "' is not an e-mail address (name@domain)",
					FieldErrorCode.NOT_AN_EMAIL, contact));
		}
		if (job.labels() != null) {
			LabelProblems.of("labels", job.labels()).ifPresent(problems::add);
		}
	}

	/** Selector labels in the syntax agents' labels have, so that one can match. */
	private static void checkSelector(JobRequest.AssignmentRequest assignment, List<FieldProblem> problems) {
		if (assignment == null || assignment.labels() == null) {
			return;
		}
		LabelProblems.of("assignment.labels", assignment.labels()).ifPresent(problems::add);
	}

	/**
	 * @param missing which of the given channel ids name no channel
	 * @return a problem for each alert channel id that names no channel
	 */
	static List<FieldProblem> checkChannels(JobRequest job, Function<List<Long>, Set<Long>> missing) {
		if (job.alerts() == null || job.alerts().channelIds() == null || job.alerts().channelIds().isEmpty()) {
			return List.of();
		}
		List<Long> ids = job.alerts().channelIds();
		Set<Long> unknown = missing.apply(ids);
		List<FieldProblem> problems = new ArrayList<>();
		for (int i = 0; i < ids.size(); i++) {
			if (ids.get(i) != null && unknown.contains(ids.get(i))) {
				problems.add(FieldProblem.of("alerts.channelIds[" + i + "]",
						"alert channel " + ids.get(i) + " does not exist", FieldErrorCode.UNKNOWN_CHANNEL, ids.get(i)));
			}
		}
		return problems;
	}

	/**
	 * The target's address and its status URL against the target policy:
	 * {@code http(s)://} and {@code static://} addresses, in any case, by their host
	 * (resolved now) and port; {@code lb://} and {@code discovery:///} name a service
	 * whose instances are checked at each call, and a status URL that is a path goes to
	 * the instance that took the call. A placeholder in a status URL's host is filled per
	 * run and checked then.
	 */
	static List<FieldProblem> checkPolicy(JobRequest job, TargetPolicy policy) {
		List<FieldProblem> problems = new ArrayList<>();
		// placeholders are filled per run, and the filled-in address checked then
		String url = JobTemplates.sample(job.target().url());
		if (url != null) {
			policy.refusal(url)
				.ifPresent((why) -> problems
					.add(FieldProblem.of("target.url", why, FieldErrorCode.TARGET_POLICY_REFUSED, job.target().url())));
		}
		String statusUrl = JobTemplates.sample(job.target().statusUrl());
		if (!isBlank(statusUrl) && !statusUrl.trim().startsWith("/")) {
			policy.refusal(statusUrl.trim())
				.ifPresent((why) -> problems
					.add(FieldProblem.of("target.statusUrl", why.replaceFirst("^target address", "status URL address"),
							FieldErrorCode.TARGET_POLICY_REFUSED, job.target().statusUrl().trim())));
		}
		return problems;
	}

	static void checkName(String name, List<FieldProblem> problems) {
		if (name.indexOf('/') >= 0) {
			problems.add(FieldProblem.of("name", "must not contain '/'", FieldErrorCode.SLASH_IN_NAME));
		}
		if (name.chars().anyMatch(Character::isISOControl)) {
			problems
				.add(FieldProblem.of("name", "must not contain control characters", FieldErrorCode.CONTROL_CHARACTERS));
		}
		if (!name.equals(name.strip())) {
			problems.add(
					FieldProblem.of("name", "must not start or end with white space", FieldErrorCode.EDGE_WHITE_SPACE));
		}
	}

	private static void checkSchedule(JobRequest job, List<FieldProblem> problems) {
		if (job.scheduleOrNone().isEmpty()) {
			if (!job.hasUpstreams()) {
				problems.add(FieldProblem.of("schedule",
						"must not be blank, unless dependsOn names the jobs whose success starts this one",
						FieldErrorCode.SCHEDULE_REQUIRED_WITHOUT_UPSTREAMS));
			}
			return;
		}
		FieldProblem problem = JobSchedules.check(job.scheduleOrNone(), job.zone());
		if (problem != null) {
			problems.add(problem);
		}
	}

	private static void checkTarget(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		JobTemplates.check(target, problems);
		if (target.instanceChoice() != null && !isDiscovered(target)) {
			problems.add(FieldProblem.of("target.instanceChoice",
					"applies to lb://service/path (HTTP) and "
							+ "discovery:///service (GRPC) targets only: other addresses name one instance",
					FieldErrorCode.NOT_APPLICABLE));
		}
		checkStatusUrl(target, problems);
		JobSharding.check(target, isDiscovered(target), problems);
		if (target.type() == TargetType.HTTP) {
			checkHttp(target, problems);
		}
		else if (target.type() == TargetType.GRPC) {
			checkGrpc(target.url(), problems);
		}
		else if (target.type() == TargetType.SHELL && isBlank(target.command())) {
			problems.add(FieldProblem.of("target.command", "is required for a SHELL target", FieldErrorCode.REQUIRED));
		}
		checkEnv(target, problems);
	}

	// an environment variable's name as a POSIX shell reads it
	private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	/** Only a command has an environment; its names must be ones a shell can read. */
	private static void checkEnv(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		if (target.env() == null || target.env().isEmpty()) {
			return;
		}
		if (target.type() != TargetType.SHELL) {
			problems.add(FieldProblem.of("target.env",
					"applies to SHELL targets only: only a command has an " + "environment",
					FieldErrorCode.NOT_APPLICABLE));
			return;
		}
		for (String name : target.env().keySet()) {
			if (name != null && !ENV_NAME.matcher(name).matches()) {
				problems.add(FieldProblem.of("target.env." + name,
						"is not an environment variable's name: letters, digits and _, not starting with a digit",
						FieldErrorCode.NOT_MATCHING, ENV_NAME.pattern()));
			}
		}
	}

	/**
	 * A progress timeout moves a silent accepted run to another instance: only an ASYNC
	 * run is accepted and reports progress, and only a discovered service has another
	 * instance to go to. Longer than the attempt's timeout it would never apply.
	 */
	static void checkProgressTimeout(JobRequest job, List<FieldProblem> problems) {
		Integer seconds = job.target().progressTimeoutSeconds();
		if (seconds == null) {
			return;
		}
		if (job.target().mode() != TargetMode.ASYNC || !isDiscovered(job.target())) {
			problems.add(FieldProblem.of("target.progressTimeoutSeconds",
					"applies to ASYNC lb://service/path "
							+ "(HTTP) and discovery:///service (GRPC) targets only: a run moves to another instance",
					FieldErrorCode.NOT_APPLICABLE));
		}
		int timeout = (job.timeoutSeconds() != null) ? job.timeoutSeconds() : JobRequest.DEFAULT_TIMEOUT_SECONDS;
		if (seconds < 1 || seconds > timeout) {
			problems.add(FieldProblem.of("target.progressTimeoutSeconds",
					"must be between 1 and the job's timeoutSeconds (" + timeout + ")", FieldErrorCode.OUT_OF_RANGE, 1,
					timeout));
		}
	}

	/**
	 * The retry rules across fields (each field's range is an annotation of
	 * {@link JobRequest.RetryRequest}): {@code multiplier} and {@code maxBackoffSeconds}
	 * only with EXPONENTIAL backoff, which starts from at least one second and whose
	 * maximum is not below its first wait.
	 */
	static void checkRetry(JobRequest.RetryRequest retry, List<FieldProblem> problems) {
		if (retry == null) {
			return;
		}
		if (!retry.exponential()) {
			if (retry.multiplier() != null) {
				problems.add(FieldProblem.of("retry.multiplier", "applies to EXPONENTIAL backoff only",
						FieldErrorCode.NOT_APPLICABLE));
			}
			if (retry.maxBackoffSeconds() != null) {
				problems.add(FieldProblem.of("retry.maxBackoffSeconds", "applies to EXPONENTIAL backoff only",
						FieldErrorCode.NOT_APPLICABLE));
			}
			return;
		}
		int initial = retry.backoffSecondsOrDefault();
		if (initial < 1) {
			problems.add(FieldProblem.of("retry.backoffSeconds", "must be at least 1 with EXPONENTIAL backoff",
					FieldErrorCode.TOO_SMALL, 1));
		}
		if (retry.maxBackoffSeconds() != null && retry.maxBackoffSeconds() < initial) {
			problems.add(FieldProblem.of("retry.maxBackoffSeconds", "must be at least backoffSeconds (" + initial + ")",
					FieldErrorCode.TOO_SMALL, initial));
		}
	}

	private static void checkHttp(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		if (!HTTP_METHODS.contains(target.methodOrDefault())) {
			List<String> methods = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");
			problems.add(FieldProblem.of("target.method", "'" + target.method() + "' is not one of " + methods,
					FieldErrorCode.NOT_ONE_OF, methods));
		}
		if (isBlank(target.url())) {
			problems.add(FieldProblem.of("target.url", "is required for an HTTP target", FieldErrorCode.REQUIRED));
			return;
		}
		// the address's shape with its placeholders filled in; unreadable ones are a
		// problem of their own
		String sampled = JobTemplates.sample(target.url());
		if (sampled == null) {
			return;
		}
		URI uri = parse(sampled);
		if (uri == null || uri.getScheme() == null || !HTTP_SCHEMES.contains(uri.getScheme().toLowerCase())
				|| isBlank(uri.getHost())) {
			problems.add(wrongForm("target.url", "must be http://host/path, https://host/path or lb://service/path",
					HTTP_URL_FORMS));
		}
	}

	private static void checkGrpc(String url, List<FieldProblem> problems) {
		if (isBlank(url)) {
			problems.add(FieldProblem.of("target.url", "is required for a GRPC target", FieldErrorCode.REQUIRED));
			return;
		}
		String sampled = JobTemplates.sample(url);
		if (sampled == null) {
			return;
		}
		URI uri = parse(sampled);
		boolean valid = false;
		if (uri != null && "static".equals(uri.getScheme())) {
			// an optional path names the handler (static://host:9090/settle-orders)
			valid = !isBlank(uri.getHost()) && uri.getPort() > 0 && uri.getPort() <= 65535
					&& (isBlank(uri.getPath()) || uri.getPath().matches("/[A-Za-z0-9._-]*"));
		}
		else if (uri != null && "discovery".equals(uri.getScheme())) {
			String path = uri.getPath();
			valid = uri.getAuthority() == null && path != null && path.matches("/[A-Za-z0-9._-]+(/[A-Za-z0-9._-]*)?");
		}
		if (!valid) {
			problems.add(wrongForm("target.url",
					"must be static://host:port[/handler] or discovery:///service[/handler]", GRPC_URL_FORMS));
		}
	}

	/**
	 * A status URL: only where a run is accepted and asked about later (ASYNC HTTP or
	 * GRPC). HTTP: either a full http(s) address or a path on the instance that took the
	 * call. GRPC: {@code /handler}, the handler whose {@code JobTarget/Status} the agent
	 * calls on the instance that took the call.
	 */
	private static void checkStatusUrl(JobRequest.TargetRequest target, List<FieldProblem> problems) {
		String url = target.statusUrl();
		if (isBlank(url)) {
			return;
		}
		if ((target.type() != TargetType.HTTP && target.type() != TargetType.GRPC)
				|| target.mode() != TargetMode.ASYNC) {
			problems.add(FieldProblem.of("target.statusUrl", "applies to ASYNC HTTP and GRPC targets only",
					FieldErrorCode.NOT_APPLICABLE));
			return;
		}
		if (target.type() == TargetType.GRPC) {
			if (!GRPC_STATUS_HANDLER.matcher(url.trim()).matches()) {
				problems.add(wrongForm("target.statusUrl", GRPC_STATUS_FORM, List.of("/handler")));
			}
			return;
		}
		// placeholders are filled per run; a sample value stands in for each here
		String sampled = JobTemplates.sample(url.trim());
		if (sampled == null) {
			return;
		}
		String trimmed = sampled;
		if (trimmed.startsWith("/")) {
			if (trimmed.startsWith("//") || parse("http://host" + trimmed) == null) {
				problems.add(wrongForm("target.statusUrl", STATUS_URL_FORMS, STATUS_URL_FORM_LIST));
			}
			return;
		}
		URI uri = parse(trimmed);
		if (uri == null || uri.getScheme() == null
				|| !List.of("http", "https").contains(uri.getScheme().toLowerCase(Locale.ROOT))
				|| isBlank(uri.getHost())) {
			problems.add(wrongForm("target.statusUrl", STATUS_URL_FORMS, STATUS_URL_FORM_LIST));
		}
	}

	/**
	 * Whether the target's instance comes from the registry, chosen per call: the address
	 * as the agent reads it, scheme in lower case.
	 */
	static boolean isDiscovered(JobRequest.TargetRequest target) {
		String url = (target.url() != null) ? target.url() : "";
		return (target.type() == TargetType.HTTP && url.startsWith("lb://"))
				|| (target.type() == TargetType.GRPC && url.startsWith("discovery:///"));
	}

	private static FieldProblem wrongForm(String field, String message, List<String> forms) {
		return FieldProblem.of(field, message, FieldErrorCode.WRONG_ADDRESS_FORM, String.join(", ", forms));
	}

	private static URI parse(String url) {
		try {
			return new URI(url.trim());
		}
		catch (URISyntaxException ex) {
			return null;
		}
	}

	private static boolean isBlank(String value) {
		return value == null || value.isBlank();
	}

}
