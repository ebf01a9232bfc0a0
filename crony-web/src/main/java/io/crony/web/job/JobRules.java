package io.crony.web.job;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.secret.MissingSecretKeyException;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;
import io.crony.common.target.TargetPolicy;
import io.crony.web.alert.AlertChannels;
import io.crony.web.auth.Departments;
import io.crony.web.calendar.CalendarLookup;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.secret.Destinations;

import org.springframework.stereotype.Component;

/**
 * What every write of a job definition goes through, one job at a time or in bulk: the
 * rules across fields ({@link JobValidator}), its alert channels, the target policy, and
 * the sealing of secret headers.
 */
@Component
class JobRules {

	private final AlertChannels channels;

	private final TargetPolicy targetPolicy;

	private final SecretBox secrets;

	private final CalendarLookup calendars;

	JobRules(AlertChannels channels, TargetPolicy targetPolicy, SecretBox secrets, CalendarLookup calendars) {
		this.channels = channels;
		this.targetPolicy = targetPolicy;
		this.secrets = secrets;
		this.calendars = calendars;
	}

	/** Every problem of a job whose shape its annotations have checked already. */
	List<FieldProblem> problems(JobRequest request) {
		return problems(request, this.channels::missing);
	}

	/**
	 * @param missingChannels which of the given alert channel ids name no channel
	 */
	List<FieldProblem> problems(JobRequest request, Function<List<Long>, Set<Long>> missingChannels) {
		List<FieldProblem> problems = new ArrayList<>(JobReadBack.given(request));
		problems.addAll(JobValidator.validate(request));
		problems.addAll(JobValidator.checkChannels(request, missingChannels));
		if (request.calendar() != null && find(request.calendar()).isEmpty()) {
			problems.add(unknownCalendar(request.calendar()));
		}
		if (problems.isEmpty()) {
			// the policy resolves host names: only for a job that is right otherwise
			problems.addAll(JobValidator.checkPolicy(request, this.targetPolicy));
		}
		return problems;
	}

	/**
	 * The calendar a job is to carry, whole, as its department has it now.
	 * @return null when the request names none
	 * @throws InvalidRequestException naming {@code calendar.name} when there is no such
	 * calendar
	 */
	JobCalendar calendar(JobRequest request) {
		return calendar(request.calendar());
	}

	/**
	 * @param choice a calendar and rule, or null
	 * @return the calendar whole, null for none
	 * @throws InvalidRequestException naming {@code calendar.name} when there is no such
	 * calendar
	 */
	JobCalendar calendar(JobRequest.CalendarChoice choice) {
		if (choice == null) {
			return null;
		}
		return find(choice).orElseThrow(() -> InvalidRequestException.of(unknownCalendar(choice)));
	}

	private static FieldProblem unknownCalendar(JobRequest.CalendarChoice choice) {
		return FieldProblem.of("calendar.name",
				"no calendar named '" + choice.name() + "' in this department (GET /calendars)",
				FieldErrorCode.UNKNOWN_CALENDAR, choice.name());
	}

	private Optional<JobCalendar> find(JobRequest.CalendarChoice choice) {
		return this.calendars.find(Departments.current(), choice.name(), choice.rule());
	}

	/** The ids among these that name no alert channel, in one query. */
	Set<Long> missingChannels(Collection<Long> ids) {
		return this.channels.missing(ids);
	}

	/**
	 * The target as stored: secret headers sealed, masked ones kept from the stored job.
	 * @param stored the stored job's target, null for a new job
	 * @throws InvalidRequestException naming the header when it cannot be stored
	 */
	TargetSpec sealed(JobRequest request, TargetSpec stored) {
		checkSecretsStayBound(request.target().toSpec(), stored);
		try {
			return SecretHeaders.seal(request.target().toSpec(), stored, request.target().secretHeadersOrNone(),
					this.secrets);
		}
		catch (SecretHeaders.MaskWithoutSecretException ex) {
			throw InvalidRequestException.of(FieldProblem.of("target.headers." + ex.header(), ex.getMessage(),
					FieldErrorCode.MASK_WITHOUT_SECRET));
		}
		catch (MissingSecretKeyException ex) {
			throw InvalidRequestException.of(FieldProblem.of("target.headers",
					"has a secret header, and " + ex.getMessage(), FieldErrorCode.SECRET_KEY_MISSING));
		}
	}

	/**
	 * A stored secret goes where it was entered for: a target sending one back as the
	 * mask may not lead elsewhere (another scheme, host or port, service, or status
	 * address), or an editor who cannot read the secret could send it to a host of their
	 * own. Entering the secret again makes the change.
	 * @throws InvalidRequestException naming the changed address and each masked header
	 */
	private static void checkSecretsStayBound(TargetSpec incoming, TargetSpec stored) {
		if (stored == null) {
			return;
		}
		Set<String> sealedNames = stored.headers()
			.entrySet()
			.stream()
			.filter((header) -> SecretBox.isSealed(header.getValue()))
			.map((header) -> header.getKey().toLowerCase(Locale.ROOT))
			.collect(Collectors.toSet());
		List<String> masked = incoming.headers()
			.entrySet()
			.stream()
			.filter((header) -> SecretBox.MASK.equals(header.getValue())
					&& sealedNames.contains(header.getKey().toLowerCase(Locale.ROOT)))
			.map(Map.Entry::getKey)
			.sorted()
			.toList();
		if (masked.isEmpty()) {
			return;
		}
		List<FieldProblem> problems = new ArrayList<>();
		List<String> secretFields = masked.stream().map((name) -> "target.headers." + name).toList();
		String secrets = String.join(", ", secretFields);
		String keeps = " while " + secrets + " keep" + ((masked.size() == 1) ? "s" : "") + " the stored secret ("
				+ SecretBox.MASK
				+ "): a secret stays with the destination it was entered for; enter it again to send it there";
		if (incoming.type() != stored.type()) {
			problems.add(FieldProblem.of("target.type", "changes from " + stored.type() + keeps,
					FieldErrorCode.SECRET_DESTINATION_CHANGED, secrets));
		}
		if (!Destinations.same(incoming.url(), stored.url())) {
			problems.add(FieldProblem.of("target.url",
					"leads to " + shown(incoming.url()) + " instead of " + shown(stored.url()) + keeps,
					FieldErrorCode.SECRET_DESTINATION_CHANGED, secrets));
		}
		if (!Destinations.same(absolute(incoming.statusUrl()), absolute(stored.statusUrl()))) {
			problems.add(FieldProblem.of("target.statusUrl",
					"leads to " + shown(absolute(incoming.statusUrl())) + " instead of "
							+ shown(absolute(stored.statusUrl())) + keeps,
					FieldErrorCode.SECRET_DESTINATION_CHANGED, secrets));
		}
		if (problems.isEmpty()) {
			return;
		}
		String changed = String.join(", ", problems.stream().map(FieldProblem::field).toList());
		for (String field : secretFields) {
			problems.add(FieldProblem.of(
					field, "is " + SecretBox.MASK
							+ ", the stored secret, and the target leads elsewhere now: enter the " + "secret again",
					FieldErrorCode.SECRET_MUST_BE_ENTERED_AGAIN, changed));
		}
		throw new InvalidRequestException(problems);
	}

	/**
	 * A status URL that is a path stays on the host that took the call: none of its own.
	 */
	private static String absolute(String statusUrl) {
		return (statusUrl != null && statusUrl.trim().startsWith("/")) ? null : statusUrl;
	}

	private static String shown(String address) {
		String destination = Destinations.of(address);
		return destination.isEmpty() ? "none" : destination;
	}

	/**
	 * Whether a new definition says what the stored one says: the same but for id and
	 * version, secret headers compared by what they open to (each sealing differs).
	 */
	boolean sameDefinition(JobSpec stored, JobSpec next) {
		try {
			return comparable(stored).equals(comparable(next));
		}
		catch (IllegalStateException ex) {
			// a secret this instance cannot open: count it as a change
			return false;
		}
	}

	private JobSpec comparable(JobSpec spec) {
		JobSpec plain = spec.withIdAndVersion(0, 0);
		if (spec.target() == null) {
			return plain;
		}
		TargetSpec target = spec.target();
		return plain.withTarget(target.withHeaders(SecretHeaders.open(target.headers(), this.secrets)));
	}

}
