package io.crony.common.template;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class RunTemplateTest {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static String render(String template, String logical) {
		return RunTemplate.parse(template).render(Instant.parse(logical), BERLIN, Map.of());
	}

	@Test
	void writesTheLogicalInstantInTheJobsZoneWithJavaTimePatterns() {
		// 23:30 UTC is already the next day in Berlin
		assertThat(render("${yyyyMMdd}", "2026-11-28T23:30:00Z")).isEqualTo("20261129");
		assertThat(RunTemplate.parse("${yyyyMMdd}")
			.render(Instant.parse("2026-11-28T23:30:00Z"), ZoneId.of("UTC"), Map.of())).isEqualTo("20261128");
		assertThat(render("/load?day=${yyyy-MM-dd}&at=${HH:mm:ss}", "2026-11-28T09:05:07Z"))
			.isEqualTo("/load?day=2026-11-28&at=10:05:07");
		assertThat(render("${yyyy-MM-dd'T'HH:mmXXX}", "2026-07-01T10:00:00Z")).isEqualTo("2026-07-01T12:00+02:00");
		assertThat(render("${MMM d',' yyyy}", "2026-11-28T09:00:00Z")).isEqualTo("Nov 28, 2026");
	}

	@Test
	void movesByEachUnitInOrder() {
		String at = "2026-11-28T09:00:00Z"; // 10:00 in Berlin
		assertThat(render("${yyyyMMdd,-1d}", at)).isEqualTo("20261127");
		assertThat(render("${yyyy-MM-dd HH:mm,+1h}", at)).isEqualTo("2026-11-28 11:00");
		assertThat(render("${HH:mm:ss,-30s}", at)).isEqualTo("09:59:30");
		assertThat(render("${HH:mm,+90m}", at)).isEqualTo("11:30");
		assertThat(render("${yyyyMMdd,-2w}", at)).isEqualTo("20261114");
		assertThat(render("${yyyyMM,+1M}", at)).isEqualTo("202612");
		assertThat(render("${yyyy,-1y}", at)).isEqualTo("2025");
		assertThat(render("${yyyyMMdd,3d}", at)).isEqualTo("20261201");
		assertThat(render("${yyyyMMdd, -1M , +1d}", at)).isEqualTo("20261029");
	}

	@Test
	void monthsAndYearsClampToTheMonthsLastDay() {
		assertThat(render("${yyyy-MM-dd,-1M}", "2026-03-31T10:00:00Z")).isEqualTo("2026-02-28");
		assertThat(render("${yyyy-MM-dd,+1M}", "2028-01-31T10:00:00Z")).isEqualTo("2028-02-29");
		assertThat(render("${yyyy-MM-dd,+1y}", "2028-02-29T10:00:00Z")).isEqualTo("2029-02-28");
		assertThat(render("${yyyy-MM-dd,-1d}", "2026-03-01T10:00:00Z")).isEqualTo("2026-02-28");
	}

	@Test
	void daysFollowTheWallClockAcrossDaylightSavingChangesAndHoursTheTimeLine() {
		// Berlin springs forward on 2026-03-29 (02:00 -> 03:00): that day has 23 hours
		String midnight = "2026-03-28T23:00:00Z"; // 29 March 00:00 CET
		assertThat(render("${yyyy-MM-dd HH:mm,+1d}", midnight)).isEqualTo("2026-03-30 00:00");
		assertThat(render("${yyyy-MM-dd HH:mm,+24h}", midnight)).isEqualTo("2026-03-30 01:00");
		assertThat(render("${HH:mm,+3h}", midnight)).isEqualTo("04:00");
		// 02:30 does not exist on 29 March: a day later from 28 March 02:30 is 03:30
		assertThat(render("${yyyy-MM-dd HH:mm,+1d}", "2026-03-28T01:30:00Z")).isEqualTo("2026-03-29 03:30");
		// and falls back on 2026-10-25 (03:00 -> 02:00): that day has 25 hours
		String autumn = "2026-10-24T22:00:00Z"; // 25 October 00:00 CEST
		assertThat(render("${yyyy-MM-dd HH:mm,+1d}", autumn)).isEqualTo("2026-10-26 00:00");
		assertThat(render("${yyyy-MM-dd HH:mm,+24h}", autumn)).isEqualTo("2026-10-25 23:00");
		assertThat(render("${HH:mm z,+3h}", autumn)).isEqualTo("02:00 CET");
	}

	@Test
	void fillsTheRunsValuesWithoutReadingThemAgain() {
		RunTemplate template = RunTemplate.parse("{\"id\":${executionId},\"p\":\"${params}\",\"d\":\"${yyyyMMdd}\"}");
		String rendered = template.render(Instant.parse("2026-11-28T09:00:00Z"), BERLIN,
				Map.of("executionId", "7", "params", "${yyyy}$${"));
		assertThat(rendered).isEqualTo("{\"id\":7,\"p\":\"${yyyy}$${\",\"d\":\"20261128\"}");
		assertThat(RunTemplate.parse("[${shardParams}]").render(Instant.EPOCH, BERLIN, Map.of())).isEqualTo("[]");
	}

	@Test
	void writesALiteralDollarBraceAsDoubleDollar() {
		assertThat(render("echo $${HOME} ${yyyy} $5 {x}", "2026-11-28T09:00:00Z"))
			.isEqualTo("echo ${HOME} 2026 $5 {x}");
		// read left to right: a lone '$' is itself, then "$${" is the literal
		assertThat(render("$$${yyyy}", "2026-11-28T09:00:00Z")).isEqualTo("$${yyyy}");
		assertThat(render("no placeholders", "2026-11-28T09:00:00Z")).isEqualTo("no placeholders");
		assertThat(RunTemplate.parse(null).render(Instant.EPOCH, BERLIN, Map.of())).isEmpty();
	}

	@Test
	void sayWhatIsWrongAndQuoteThePlaceholder() {
		assertThatExceptionOfType(TemplateException.class).isThrownBy(() -> RunTemplate.parse("${yyyyMMdd,-1q}"))
			.withMessageStartingWith("unknown unit 'q' in ${yyyyMMdd,-1q}");
		assertThat(RunTemplate.problem("/x/${yyyyMMdd,-d}")).contains("offset '-d' in ${yyyyMMdd,-d}");
		assertThat(RunTemplate.problem("${yyyyMMdd,-1}")).startsWith("missing unit in ${yyyyMMdd,-1}");
		assertThat(RunTemplate.problem("${yyyyMMdd,}")).contains("offset '' in ${yyyyMMdd,}");
		assertThat(RunTemplate.problem("day ${yyyyMMdd")).startsWith("'${' at position 4 is not closed by '}'");
		assertThat(RunTemplate.problem("${}")).startsWith("${} names nothing");
		assertThat(RunTemplate.problem("${date}")).startsWith("invalid date pattern 'date' in ${date}");
		assertThat(RunTemplate.problem("${executionId,-1d}"))
			.isEqualTo("${executionId} takes no offset, in " + "${executionId,-1d}");
		assertThat(RunTemplate.problem("${yyyyMMdd,-1d} ${executionId} $${x")).isNull();
	}

	@Test
	void nameThePlaceholderThatCannotBeRead() {
		assertThat(catchThrowableOfType(TemplateException.class,
				() -> RunTemplate.parse("/x/${yyyyMMdd}/${yyyyMMdd,-1q}/y"))
			.placeholder()).isEqualTo("${yyyyMMdd,-1q}");
		assertThat(
				catchThrowableOfType(TemplateException.class, () -> RunTemplate.parse("day ${yyyyMMdd")).placeholder())
			.isEqualTo("${yyyyMMdd");
	}

	@Test
	void samplesEachPlaceholderAsZero() {
		assertThat(RunTemplate.parse("http://h/${yyyyMMdd,-1d}/${executionId}?a=$${").sample())
			.isEqualTo("http://h/0/0?a=${");
		assertThat(RunTemplate.hasPlaceholders("http://h/x")).isFalse();
	}

	@Test
	void fillsAnUpstreamsOutputOfThePairedRunAndNamesWhatIsMissing() {
		String stored = UpstreamOutputs.builder()
			.run("load", 12, Instant.parse("2026-11-28T06:00:00Z"),
					"{\"day\":\"20261128\",\"rows\":42,\"file\":{\"path\":\"/in/a.csv\"}}")
			.run("clean", 13, Instant.parse("2026-11-28T06:00:00Z"), null)
			.problem("audit", "no run of upstream job audit at 2026-11-28T06:00:00Z")
			.toJson();
		UpstreamOutputs upstreams = UpstreamOutputs.read(stored);
		RunTemplate template = RunTemplate.parse("/r?day=${upstream.load.outputs.day}&n=${upstream.load.outputs.rows}"
				+ "&f=${upstream.load.outputs.file.path}&d=${yyyyMMdd}");
		assertThat(template.upstreamJobs()).containsExactly("load");
		assertThat(template.render(Instant.parse("2026-11-28T06:00:00Z"), BERLIN, Map.of(), upstreams))
			.isEqualTo("/r?day=20261128&n=42&f=/in/a.csv&d=20261128");

		assertThatExceptionOfType(TemplateException.class)
			.isThrownBy(() -> RunTemplate.parse("${upstream.load.outputs.date}")
				.render(Instant.EPOCH, BERLIN, Map.of(), upstreams))
			.withMessage("upstream job load's run 12 (at 2026-11-28T06:00:00Z) has no output 'date' "
					+ "(its outputs: day, rows, file)");
		assertThatExceptionOfType(TemplateException.class)
			.isThrownBy(() -> RunTemplate.parse("${upstream.clean.outputs.day}")
				.render(Instant.EPOCH, BERLIN, Map.of(), upstreams))
			.withMessageContaining("upstream job clean's run 13 (at 2026-11-28T06:00:00Z) published no outputs");
		assertThatExceptionOfType(TemplateException.class)
			.isThrownBy(() -> RunTemplate.parse("${upstream.audit.outputs.day}")
				.render(Instant.EPOCH, BERLIN, Map.of(), upstreams))
			.withMessage("no run of upstream job audit at 2026-11-28T06:00:00Z");
		// a run nobody released (by hand, alone) has no upstream outputs at all
		assertThatExceptionOfType(TemplateException.class)
			.isThrownBy(() -> render("${upstream.load.outputs.day}", "2026-11-28T06:00:00Z"))
			.withMessageStartingWith("no outputs of upstream job load for this run");
	}

	@Test
	void refusesAnUpstreamPlaceholderThatNamesNoJobOrField() {
		assertThat(RunTemplate.problem("${upstream.load.day}")).contains("does not name an upstream's output");
		assertThat(RunTemplate.problem("${upstream..outputs.day}")).contains("does not name an upstream's output");
		assertThat(RunTemplate.problem("${upstream.load.outputs.}")).contains("does not name an upstream's output");
		assertThat(RunTemplate.problem("${upstream.load.outputs.a..b}")).contains("does not name an upstream's output");
		assertThat(RunTemplate.problem("${upstream.my job.outputs.day}")).isNull();
	}

}
