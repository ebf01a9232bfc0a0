package io.crony.common.template;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target's text (address, header value, body, command) with placeholders filled in per
 * run:
 * <ul>
 * <li>{@code ${executionId}}, {@code ${scheduledAt}}, {@code ${params}},
 * {@code ${shardIndex}}, {@code ${shardTotal}}, {@code ${shardParams}}: the run's own
 * values;</li>
 * <li>{@code ${pattern}} and {@code ${pattern,offset[,offset...]}}: the run's logical
 * instant in the job's time zone, moved by the offsets in order and written with a
 * {@link DateTimeFormatter} pattern, e.g. {@code ${yyyyMMdd}}, {@code ${yyyyMMdd,-1d}},
 * {@code ${yyyy-MM-dd HH:mm,+1h}}. An offset is a signed whole number and a unit:
 * {@code s}, {@code m}, {@code h} (moved on the time line: {@code +24h} is always 24
 * hours), {@code d}, {@code w}, {@code M}, {@code y} (moved on the calendar in the zone:
 * {@code +1d} is the same wall-clock time the next day, 23 or 25 hours across a DST
 * change; a month or year clamps to the month's last day, 31 March {@code -1M} is 28 or
 * 29 February);</li>
 * <li>{@code ${upstream.<job>.outputs.<field>}}: an output the upstream job named
 * {@code <job>} published in its run paired with this run's logical instant
 * ({@link UpstreamOutputs}); a dotted field reads into nested objects;</li>
 * <li>{@code $${} writes a literal {@code ${}.</li>
 * </ul>
 * A value filled in is never read again for placeholders, so params or a shard's
 * parameters holding {@code ${} are sent as they are. A comma inside a pattern is quoted,
 * as any literal in a DateTimeFormatter pattern: {@code ${MMM d',' yyyy}}.
 *
 * <p>
 * Pure and immutable: parsed once, rendered any number of times; the same logical instant
 * renders the same text, whenever and wherever it is rendered.
 */
public final class RunTemplate {

	/** The names a run fills in with its own values, not with its logical time. */
	public static final Set<String> RUN_VALUES = Set.of("executionId", "scheduledAt", "params", "shardIndex",
			"shardTotal", "shardParams");

	/** What an offset's unit letter means. */
	private static final Map<String, ChronoUnit> UNITS = Map.of("s", ChronoUnit.SECONDS, "m", ChronoUnit.MINUTES, "h",
			ChronoUnit.HOURS, "d", ChronoUnit.DAYS, "w", ChronoUnit.WEEKS, "M", ChronoUnit.MONTHS, "y",
			ChronoUnit.YEARS);

	/** How a placeholder reading an upstream's outputs begins. */
	private static final String UPSTREAM = "upstream.";

	/** What separates the upstream's name from the output's field. */
	private static final String OUTPUTS = ".outputs.";

	private static final Pattern OFFSET = Pattern.compile("([+-]?)(\\d{1,6})(.*)");

	/** An instant every pattern can be written at: how a pattern is tried when parsed. */
	private static final ZonedDateTime SAMPLE = ZonedDateTime.of(2026, 1, 31, 12, 0, 0, 0, ZoneOffset.UTC);

	private final List<Part> parts;

	private RunTemplate(List<Part> parts) {
		this.parts = List.copyOf(parts);
	}

	/**
	 * @param text the template; null reads as empty
	 * @throws TemplateException saying what is wrong, with the placeholder in question
	 */
	public static RunTemplate parse(String text) {
		List<Part> parts = new ArrayList<>();
		if (text == null) {
			return new RunTemplate(parts);
		}
		StringBuilder literal = new StringBuilder();
		int i = 0;
		while (i < text.length()) {
			if (text.startsWith("$${", i)) {
				literal.append("${");
				i += 3;
			}
			else if (text.startsWith("${", i)) {
				int end = text.indexOf('}', i + 2);
				if (end < 0) {
					throw new TemplateException("'${' at position " + i + " is not closed by '}' (write $${ for a "
							+ "literal ${): " + abbreviate(text.substring(i)), abbreviate(text.substring(i)));
				}
				if (!literal.isEmpty()) {
					parts.add(new Literal(literal.toString()));
					literal.setLength(0);
				}
				String whole = text.substring(i, end + 1);
				try {
					parts.add(placeholder(whole));
				}
				catch (TemplateException ex) {
					throw ex.in(whole);
				}
				i = end + 1;
			}
			else {
				literal.append(text.charAt(i));
				i++;
			}
		}
		if (!literal.isEmpty()) {
			parts.add(new Literal(literal.toString()));
		}
		return new RunTemplate(parts);
	}

	/**
	 * @return what is wrong with the template, or null when it can be rendered
	 */
	public static String problem(String text) {
		try {
			parse(text);
			return null;
		}
		catch (TemplateException ex) {
			return ex.getMessage();
		}
	}

	/** Whether the text holds any placeholder or escape (renders other than itself). */
	public static boolean hasPlaceholders(String text) {
		return text != null && text.contains("${");
	}

	/**
	 * @param logical the run's logical instant (its scheduled instant)
	 * @param zone the job's time zone
	 * @param values the run's values by name ({@link #RUN_VALUES}); a name not given
	 * renders empty
	 * @return the text with every placeholder filled in
	 */
	public String render(Instant logical, ZoneId zone, Map<String, String> values) {
		return render(logical, zone, values, UpstreamOutputs.NONE);
	}

	/**
	 * @param logical the run's logical instant (its scheduled instant)
	 * @param zone the job's time zone
	 * @param values the run's values by name ({@link #RUN_VALUES})
	 * @param upstreams the outputs of the run's paired upstream runs
	 * @return the text with every placeholder filled in
	 * @throws TemplateException when an upstream's output the text reads is not there,
	 * naming the upstream, its run and the field
	 */
	public String render(Instant logical, ZoneId zone, Map<String, String> values, UpstreamOutputs upstreams) {
		StringBuilder out = new StringBuilder();
		ZonedDateTime at = logical.atZone(zone);
		for (Part part : this.parts) {
			if (part instanceof Literal literal) {
				out.append(literal.text());
			}
			else if (part instanceof RunValue value) {
				String filled = values.get(value.name());
				out.append((filled != null) ? filled : "");
			}
			else if (part instanceof LogicalTime time) {
				out.append(time.write(at));
			}
			else if (part instanceof UpstreamOutput output) {
				out.append(upstreams.value(output.job(), output.field()));
			}
		}
		return out.toString();
	}

	/** The upstream jobs (by name) whose outputs the text reads, in order, each once. */
	public List<String> upstreamJobs() {
		return this.parts.stream()
			.filter(UpstreamOutput.class::isInstance)
			.map((part) -> ((UpstreamOutput) part).job())
			.distinct()
			.toList();
	}

	/**
	 * The text with each placeholder replaced by {@code 0}: a stand-in to check the shape
	 * of an address whose placeholders are filled per run.
	 */
	public String sample() {
		StringBuilder out = new StringBuilder();
		for (Part part : this.parts) {
			out.append((part instanceof Literal literal) ? literal.text() : "0");
		}
		return out.toString();
	}

	private static Part placeholder(String whole) {
		String inside = whole.substring(2, whole.length() - 1);
		int comma = unquotedComma(inside);
		String pattern = (comma < 0) ? inside : inside.substring(0, comma);
		if (pattern.isBlank()) {
			throw new TemplateException(whole + " names nothing: write a date pattern such as ${yyyyMMdd} or a "
					+ "run value such as ${executionId}");
		}
		if (inside.startsWith(UPSTREAM)) {
			return upstreamOutput(inside, whole);
		}
		if (RUN_VALUES.contains(pattern.trim())) {
			if (comma >= 0) {
				throw new TemplateException("${" + pattern.trim() + "} takes no offset, in " + whole);
			}
			return new RunValue(pattern.trim());
		}
		List<Offset> offsets = new ArrayList<>();
		if (comma >= 0) {
			for (String offset : inside.substring(comma + 1).split(",", -1)) {
				offsets.add(offset(offset.trim(), whole));
			}
		}
		DateTimeFormatter format;
		try {
			format = DateTimeFormatter.ofPattern(pattern, Locale.ROOT);
			format.format(SAMPLE);
		}
		catch (IllegalArgumentException | DateTimeException ex) {
			throw new TemplateException(
					"invalid date pattern '" + pattern + "' in " + whole + ": " + ex.getMessage() + " (patterns are "
							+ "java.time DateTimeFormatter's; the run values are " + String.join(", ", sorted()) + ")");
		}
		return new LogicalTime(format, offsets);
	}

	private static UpstreamOutput upstreamOutput(String inside, String whole) {
		int outputs = inside.indexOf(OUTPUTS, UPSTREAM.length());
		String job = (outputs < 0) ? "" : inside.substring(UPSTREAM.length(), outputs);
		String field = (outputs < 0) ? "" : inside.substring(outputs + OUTPUTS.length());
		if (job.isEmpty() || field.isEmpty() || field.startsWith(".") || field.endsWith(".") || field.contains("..")) {
			throw new TemplateException(whole + " does not name an upstream's output: write "
					+ "${upstream.<job name>.outputs.<field>}, e.g. ${upstream.load.outputs.day}");
		}
		return new UpstreamOutput(job, field);
	}

	private static Offset offset(String text, String whole) {
		Matcher matcher = OFFSET.matcher(text);
		if (!matcher.matches()) {
			throw new TemplateException("offset '" + text + "' in " + whole
					+ " is not a signed whole number and a unit, such as -1d or +2h");
		}
		String unitText = matcher.group(3).trim();
		ChronoUnit unit = UNITS.get(unitText);
		if (unit == null) {
			throw new TemplateException((unitText.isEmpty() ? "missing unit" : "unknown unit '" + unitText + "'")
					+ " in " + whole + " (units: s, m, h, d, w, M, y)");
		}
		long amount = Long.parseLong(matcher.group(2));
		return new Offset("-".equals(matcher.group(1)) ? -amount : amount, unit);
	}

	/** The first comma outside a quoted literal of the pattern, or -1. */
	private static int unquotedComma(String inside) {
		boolean quoted = false;
		for (int i = 0; i < inside.length(); i++) {
			char c = inside.charAt(i);
			if (c == '\'') {
				quoted = !quoted;
			}
			else if (c == ',' && !quoted) {
				return i;
			}
		}
		return -1;
	}

	private static List<String> sorted() {
		return RUN_VALUES.stream().sorted().toList();
	}

	private static String abbreviate(String text) {
		return (text.length() <= 40) ? text : text.substring(0, 40) + "...";
	}

	private sealed interface Part permits Literal, RunValue, LogicalTime, UpstreamOutput {

	}

	private record Literal(String text) implements Part {

	}

	private record RunValue(String name) implements Part {

	}

	private record UpstreamOutput(String job, String field) implements Part {

	}

	private record Offset(long amount, ChronoUnit unit) {

	}

	private record LogicalTime(DateTimeFormatter format, List<Offset> offsets) implements Part {

		String write(ZonedDateTime logical) {
			ZonedDateTime at = logical;
			for (Offset offset : this.offsets) {
				// s, m, h on the time line; d, w, M, y on the calendar in the zone
				at = at.plus(offset.amount(), offset.unit());
			}
			return this.format.format(at);
		}

	}

}
