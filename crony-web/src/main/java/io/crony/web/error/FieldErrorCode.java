package io.crony.web.error;

import java.util.List;

/**
 * What is wrong with one field of a 400, as a stable code with the names of its
 * parameters, beside the English {@code message} of {@link FieldProblem}. The dashboard
 * words each code in the reader's language (frontend/src/i18n/fieldErrors.json, which
 * {@code FieldErrorTextsTest} keeps complete); API users branch on it, never on the
 * message. Listed in docs/api.md; a new value is an API change.
 */
public enum FieldErrorCode {

	/** The field or parameter is missing, null or blank. */
	REQUIRED,

	/** A query parameter given with an empty value. */
	EMPTY_PARAMETER,

	/** Text or a list longer than the field takes. */
	TOO_LONG("max"),

	/** Text or a list shorter than the field takes. */
	TOO_SHORT("min"),

	/** A number above the field's maximum. */
	TOO_LARGE("max"),

	/** A number below the field's minimum. */
	TOO_SMALL("min"),

	/** A number outside a range the rules set. */
	OUT_OF_RANGE("min", "max"),

	/** Text that does not have the form the field takes (a regular expression). */
	NOT_MATCHING("pattern"),

	/** A name holding a character that cannot be seen or reorders text. */
	INVISIBLE_CHARACTERS,

	/** A name holding a control character. */
	CONTROL_CHARACTERS,

	/** A name holding '/'. */
	SLASH_IN_NAME,

	/** A name holding '/' or a control character. */
	SLASH_OR_CONTROL_CHARACTERS,

	/** A name starting or ending with white space. */
	EDGE_WHITE_SPACE,

	/** A field the request's object does not have. */
	UNKNOWN_FIELD("known"),

	/** A value that is not one of the field's values. */
	NOT_ONE_OF("allowed"),

	/**
	 * A value of the wrong JSON type ({@code type}: number, boolean, string, object,
	 * array or other).
	 */
	WRONG_TYPE("type"),

	/** The body is not JSON. */
	MALFORMED_JSON("detail"),

	/** A name another resource of its kind holds. */
	TAKEN,

	/** A field Crony sets, in a new definition. */
	READ_ONLY,

	/** A field Crony sets, sent back with another value than it has. */
	READ_ONLY_DIFFERS("current", "given"),

	/** A stale {@code version}: the resource changed meanwhile. */
	VERSION_STALE("current"),

	/** A value that is not an e-mail address. */
	NOT_AN_EMAIL("value"),

	/**
	 * A field of a cron expression (minute, hour, ...) with a value outside its range.
	 */
	CRON_FIELD_OUT_OF_RANGE("field", "value", "range"),

	/** A field of a cron expression that is not a number where one is needed. */
	CRON_FIELD_NOT_A_NUMBER("field", "value"),

	/** A cron expression with the wrong number of fields. */
	CRON_FIELD_COUNT("count"),

	/** A cron field's list with an empty item ({@code 1,,2}). */
	CRON_EMPTY_ITEM("field", "value"),

	/** A cron field's empty value ({@code 1-}). */
	CRON_EMPTY_VALUE("field"),

	/** '?' outside a Quartz expression's day-of-month or day-of-week. */
	CRON_QUESTION_MARK_MISPLACED("field"),

	/** A cron step of 0 ({@code *}{@code /0}). */
	CRON_STEP_ZERO("field", "value"),

	/** A cron range written high to low in a field that does not wrap around. */
	CRON_RANGE_REVERSED("field", "value"),

	/** A month or day name a cron field does not know. */
	CRON_NOT_A_NAME("field", "value"),

	/**
	 * Quartz syntax ({@code ?}, {@code L}, {@code W}, {@code #}) in a 5-field expression.
	 */
	CRON_QUARTZ_ONLY("field", "value"),

	/** A Quartz expression restricting both day-of-month and day-of-week. */
	CRON_DAYS_BOTH_RESTRICTED,

	/** A day-of-month {@code L-n} without a number n. */
	CRON_LAST_DAY_FORM("field", "value"),

	/** {@code @every} without a duration Crony reads. */
	EVERY_NOT_A_DURATION("value"),

	/** {@code @at} with a date-time that is not ISO 8601. */
	AT_NOT_A_DATE_TIME("value"),

	/** {@code @at} with a fraction of a second. */
	AT_FRACTION_OF_SECOND("value"),

	/** A {@code @} macro Crony does not know. */
	UNKNOWN_MACRO("value"),

	/** A time zone that is not a known IANA id. */
	UNKNOWN_TIME_ZONE("value"),

	/** A field that applies only with another field's value. */
	NOT_APPLICABLE,

	/**
	 * Upstreams that would make the jobs depend on themselves; {@code path} is the cycle,
	 * job names joined by " → ".
	 */
	DEPENDENCY_CYCLE("path"),

	/** The end of a range before its start. */
	RANGE_REVERSED("from", "to"),

	/** An instant before the earliest one the field takes. */
	TOO_EARLY("min"),

	/** An instant in the future where only past ones are taken (a backfill's end). */
	IN_THE_FUTURE,

	/**
	 * A backfill's range holding more instants of the schedule than one backfill takes.
	 */
	TOO_MANY_INSTANTS("max"),

	/** A backfill's range holding no instant of the schedule. */
	NO_INSTANT_IN_RANGE,

	/**
	 * A backfill of a job without a schedule of its own (it runs after its upstreams).
	 */
	NO_SCHEDULE("job"),

	/** A calendar's range of days longer than one range takes. */
	RANGE_TOO_LONG("maxDays"),

	/** A calendar's make-up working day that a holiday range also holds. */
	HOLIDAY_AND_WORKDAY("day", "holiday"),

	/**
	 * A destination (target address, channel address) changed while {@code secrets}
	 * (fields, comma-separated) keep a stored secret entered for the old one.
	 */
	SECRET_DESTINATION_CHANGED("secrets"),

	/**
	 * A stored secret kept (sent back masked or left out) while {@code changed} (fields,
	 * comma-separated) send it elsewhere: it must be entered again.
	 */
	SECRET_MUST_BE_ENTERED_AGAIN("changed"),

	/**
	 * A label key not of the labels' syntax (1 to 63 letters, digits, '.', '_', '-' or
	 * '/', starting and ending with a letter or digit).
	 */
	LABEL_KEY_INVALID("key"),

	/** A label value not of the labels' syntax (empty, or as a key). */
	LABEL_VALUE_INVALID("key", "value"),

	/** An alert channel id that names no channel. */
	UNKNOWN_CHANNEL("id"),

	/**
	 * An address the target policy ({@code crony.target-policy}) does not let Crony call;
	 * the message says which rule.
	 */
	TARGET_POLICY_REFUSED("address"),

	/** An address not of the forms the field takes ({@code forms}, comma-separated). */
	WRONG_ADDRESS_FORM("forms"),

	/** A job with neither a schedule nor upstreams in {@code dependsOn}. */
	SCHEDULE_REQUIRED_WITHOUT_UPSTREAMS,

	/** A value given twice in one request; {@code first} is where it came first. */
	DUPLICATE("first"),

	/** A bulk write's name taken by another request meanwhile: send it again. */
	TAKEN_MEANWHILE,

	/** A bulk write's job deleted by another request meanwhile. */
	DELETED_MEANWHILE,

	/** {@code dependsOn} in a bulk write or import, which keeps upstreams as they are. */
	UPSTREAMS_NOT_IN_BULK,

	/** A job others wait for, deleted without {@code cutEdges}. */
	HAS_DEPENDENTS("jobs"),

	/** A {@code version} given for a job an upsert would create. */
	VERSION_WITHOUT_JOB("name"),

	/** A calendar jobs follow, deleted. */
	FOLLOWED_BY_JOBS("count", "jobs"),

	/**
	 * More items than one request takes: ids of a job export, labels on a job, ranges of
	 * one kind a calendar import would leave.
	 */
	TOO_MANY("max", "given"),

	/** {@code dependsOn} naming the job itself. */
	SELF_DEPENDENCY,

	/**
	 * {@code dependsOn} naming jobs the department does not have ({@code names},
	 * comma-separated).
	 */
	UNKNOWN_JOB("names"),

	/** A calendar name the department does not have. */
	UNKNOWN_CALENDAR("name"),

	/** A department name Crony does not have. */
	UNKNOWN_DEPARTMENT("name"),

	/** An upcoming view's end not at least a minute after its start. */
	RANGE_EMPTY("from"),

	/** An upcoming view's bucket length making more buckets than one view counts. */
	TOO_MANY_BUCKETS("max", "given"),

	/** An instant further from now than the field reaches. */
	TOO_FAR_FROM_NOW("maxDays"),

	/** A secret header sent as the mask where no secret is stored to keep. */
	MASK_WITHOUT_SECRET,

	/**
	 * A secret sent to a server that has no key to seal it with
	 * ({@code crony.secrets.key}).
	 */
	SECRET_KEY_MISSING,

	/** Platform alerts on a channel, asked for by someone other than a global admin. */
	GLOBAL_ADMIN_ONLY,

	/** A label filter that is not one {@code key=value}. */
	NOT_A_LABEL("value"),

	/** A label filter naming a key twice. */
	LABEL_KEY_REPEATED("key"),

	/** A file that is not iCalendar (no {@code BEGIN:VCALENDAR ... END:VCALENDAR}). */
	NOT_ICALENDAR,

	/** A password longer than the password hash reads, in bytes of UTF-8. */
	PASSWORD_TOO_LONG("maxBytes"),

	/** A password that is the user name, with or without digits or symbols after it. */
	PASSWORD_IS_USER_NAME,

	/** A password on the list of the 10,000 most used ones. */
	PASSWORD_TOO_COMMON,

	/** A placeholder reading the outputs of a job that is not an upstream. */
	READS_NON_UPSTREAM("job"),

	/** A placeholder ({@code ${...}}) Crony cannot read; the message says why. */
	TEMPLATE_INVALID("placeholder"),

	/** An ASYNC target that is sharded or broadcast. */
	SHARDS_MUST_BE_SYNC,

	/** {@code target.shardParams} not holding one item per shard. */
	SHARD_PARAMS_COUNT("shards"),

	/** A run cleared or re-run while its job is disabled. */
	JOB_DISABLED("job"),

	/** A run cleared or re-run before it ended ({@code status}: its status now). */
	RUN_NOT_ENDED("status"),

	/** A re-run of failed shards of a run none of whose shards failed. */
	NO_FAILED_SHARD,

	/** A field number of a gRPC report this contract does not have. */
	UNKNOWN_FIELD_NUMBER("number"),

	/**
	 * Only for a failure a framework reports that Crony cannot name (a constraint or a
	 * JSON reading failure of a kind Crony does not use): the English {@code message}
	 * says it, and the dashboard shows it as it came. Crony's own rules each have a code.
	 */
	INVALID;

	private final List<String> params;

	FieldErrorCode(String... params) {
		this.params = List.of(params);
	}

	/**
	 * The names of the parameters, in the order {@link FieldProblem#of} takes their
	 * values.
	 */
	public List<String> params() {
		return this.params;
	}

}
