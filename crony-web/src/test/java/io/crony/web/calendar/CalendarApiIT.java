package io.crony.web.calendar;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Business calendars against the real server and database: their rules, the jobs that
 * follow them and their previews, a change reaching those jobs as a new version, delete
 * refused while followed, and iCalendar export and import with a dry run.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + CalendarApiIT.ADMIN_PASSWORD)
class CalendarApiIT {

	static final String ADMIN_PASSWORD = "admin-password-calendars";

	private static final String CALENDARS = "/api/v1/calendars";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	private static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM calendar");
		this.jdbc.update("DELETE FROM audit_log");
	}

	/** Every day worked but two closed days, the day after tomorrow and the next. */
	private static Map<String, Object> closedTwoDays(String name) {
		return Map.of(
				"name", name, "workingDays", List.of(DayOfWeek.values()), "holidays", List.of(Map.of("from",
						TODAY.plusDays(2).toString(), "to", TODAY.plusDays(3).toString(), "name", "Closed")),
				"timeZone", "UTC");
	}

	@Test
	void aCalendarIsCheckedFieldByFieldAndNothingIsSavedWhenWrong() {
		Map<String, Object> overlap = Map.of("name", "cn", "workingDays", List.of("MONDAY"), "holidays",
				List.of(Map.of("from", "2026-10-01", "to", "2026-10-07")), "workdays",
				List.of(Map.of("from", "2026-10-03")));
		Response both = this.admin.post(CALENDARS, overlap);
		assertThat(both.status()).as("%s", both.body()).isEqualTo(400);
		assertThat(both.errorFields()).containsExactly("workdays[0]");
		assertThat(both.errorMessage("workdays[0]")).contains("2026-10-03 is also a holiday");

		Response backwards = this.admin.post(CALENDARS, Map.of("name", "cn", "workingDays", List.of("MONDAY"),
				"holidays", List.of(Map.of("from", "2026-10-07", "to", "2026-10-01"))));
		assertThat(backwards.errorFields()).containsExactly("holidays[0].to");
		Response noDays = this.admin.post(CALENDARS, Map.of("name", "cn", "workingDays", List.of()));
		assertThat(noDays.errorFields()).containsExactly("workingDays");
		Response zone = this.admin.post(CALENDARS,
				Map.of("name", "cn", "workingDays", List.of("MONDAY"), "timeZone", "Mars/Olympus"));
		assertThat(zone.errorFields()).containsExactly("timeZone");
		Response badDay = this.admin.post(CALENDARS, Map.of("name", "cn", "workingDays", List.of("FUNDAY")));
		assertThat(badDay.status()).isEqualTo(400);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM calendar", Long.class)).isZero();

		assertThat(this.admin.post(CALENDARS, closedTwoDays("cn")).status()).isEqualTo(201);
		Response taken = this.admin.post(CALENDARS, closedTwoDays("cn"));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.errorFields()).containsExactly("name");
	}

	@Test
	void aJobOnWorkingDaysOnlySkipsTheHolidaysAndThePreviewSaysWhy() {
		this.admin.post(CALENDARS, closedTwoDays("ops"));
		Response missing = this.admin.post("/api/v1/jobs", following("settle", "nope", "WORKING_DAYS_ONLY"));
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.errorFields()).containsExactly("calendar.name");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();

		Response job = this.admin.post("/api/v1/jobs", following("settle", "ops", "WORKING_DAYS_ONLY"));
		assertThat(job.status()).as("%s", job.body()).isEqualTo(201);
		assertThat(job.body().get("calendar"))
			.isEqualTo(JSON.valueToTree(Map.of("name", "ops", "rule", "WORKING_DAYS_ONLY")));
		Response preview = this.admin.get("/api/v1/jobs/" + job.id() + "/next-fires?count=5");

		List<LocalDate> days = days(preview.body().get("fires"));
		assertThat(days).hasSize(5).doesNotContain(TODAY.plusDays(2), TODAY.plusDays(3));
		assertThat(days).contains(TODAY.plusDays(4));
		JsonNode notes = preview.body().get("notes");
		assertThat(notes).hasSize(2);
		assertThat(notes.get(0).get("kind").asText()).isEqualTo("SKIPPED");
		assertThat(notes.get(0).get("at").asText()).isEqualTo(TODAY.plusDays(2) + "T09:00:00Z");
		assertThat(notes.get(0).get("reason").asText()).contains("is a holiday (Closed) in calendar 'ops'");
		// the same as a code with its values, for the dashboard to word in the reader's
		// language
		JsonNode why = notes.get(0).get("reasons").get(0);
		assertThat(why.get("code").asText()).isEqualTo("CALENDAR_HOLIDAY_NAMED");
		assertThat(why.get("params").get("name").asText()).isEqualTo("Closed");
		assertThat(why.get("params").get("calendar").asText()).isEqualTo("ops");
		assertThat(why.get("params").get("day").asText()).isEqualTo(TODAY.plusDays(2).toString());
		assertThat(why.get("text").asText()).isEqualTo(notes.get(0).get("reason").asText());
		assertThat(job.body().get("nextFireAt").asText()).isEqualTo(preview.body().get("fires").get(0).asText());
		// the job's own row names the calendar, for the foreign key
		assertThat(this.jdbc.queryForObject("SELECT calendar_id FROM job WHERE id = ?", Long.class, job.id()))
			.isNotNull();
	}

	@Test
	void aFireOnAHolidayMovesToTheNextWorkingDayAndAMakeUpSaturdayIsWorked() {
		LocalDate saturday = TODAY.plusDays(7).with(TemporalAdjusters.nextOrSame(DayOfWeek.SATURDAY));
		this.admin.post(CALENDARS,
				Map.of("name", "weekdays", "workingDays",
						List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"), "workdays",
						List.of(Map.of("from", saturday.toString(), "name", "Make-up"))));

		Response onWorkingDays = this.admin.get("/api/v1/jobs/next-fires?schedule=0 9 * * *&timeZone=UTC&count=12"
				+ "&calendar=weekdays&calendarRule=WORKING_DAYS_ONLY");
		assertThat(days(onWorkingDays.body().get("fires"))).contains(saturday)
			.doesNotContain(saturday.plusDays(1))
			.allSatisfy((day) -> assertThat(day.getDayOfWeek() != DayOfWeek.SUNDAY).isTrue());

		// a daily fire on the first closed day lands on the first day open again
		this.admin.post(CALENDARS, closedTwoDays("ops"));
		Response moved = this.admin.get("/api/v1/jobs/next-fires?schedule=30 8 * * *&timeZone=UTC&count=4"
				+ "&calendar=ops&calendarRule=NEXT_WORKING_DAY");
		assertThat(moved.status()).as("%s", moved.body()).isEqualTo(200);
		JsonNode note = moved.body().get("notes").get(0);
		assertThat(note.get("kind").asText()).isEqualTo("MOVED");
		assertThat(note.get("at").asText()).isEqualTo(TODAY.plusDays(4) + "T08:30:00Z");
		assertThat(note.get("from").asText()).isEqualTo(TODAY.plusDays(2) + "T08:30:00Z");

		Response noRule = this.admin.get("/api/v1/jobs/next-fires?schedule=0 9 * * *&calendar=ops");
		assertThat(noRule.status()).isEqualTo(400);
		assertThat(noRule.errorFields()).containsExactly("calendarRule");
	}

	@Test
	void aCalendarChangeIsANewVersionOfEveryJobThatFollowsItAndDeleteWaitsForThemToGo() {
		long calendar = this.admin.post(CALENDARS, closedTwoDays("ops")).id();
		long job = this.admin.post("/api/v1/jobs", following("settle", "ops", "WORKING_DAYS_ONLY")).id();
		long other = this.admin.post("/api/v1/jobs", Jobs.http("unrelated")).id();
		assertThat(this.admin.get(CALENDARS + "/" + calendar).body().get("jobCount").asLong()).isOne();

		Map<String, Object> reopened = Map.of("name", "ops", "workingDays", List.of(DayOfWeek.values()), "version", 1);
		Response updated = this.admin.put(CALENDARS + "/" + calendar, reopened);

		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
		assertThat(updated.body().get("version").asLong()).isEqualTo(2);
		JsonNode jobNow = this.admin.get("/api/v1/jobs/" + job).body();
		assertThat(jobNow.get("version").asLong()).isEqualTo(2);
		String spec = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, job);
		assertThat(spec).doesNotContain("Closed").contains("\"rule\":\"WORKING_DAYS_ONLY\"");
		assertThat(days(this.admin.get("/api/v1/jobs/" + job + "/next-fires?count=5").body().get("fires")))
			.contains(TODAY.plusDays(2));
		assertThat(this.admin.get("/api/v1/jobs/" + other).body().get("version").asLong()).isOne();
		assertThat(
				this.jdbc.queryForObject("SELECT COUNT(*) FROM audit_log WHERE action = 'CALENDAR_UPDATE'", Long.class))
			.isOne();
		Response stale = this.admin.put(CALENDARS + "/" + calendar, reopened);
		assertThat(stale.status()).isEqualTo(409);
		assertThat(stale.errorFields()).containsExactly("version");

		Response refused = this.admin.delete(CALENDARS + "/" + calendar);
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.body().get("detail").asText()).contains("followed by 1 job (settle)");
		this.admin.delete("/api/v1/jobs/" + job);
		assertThat(this.admin.delete(CALENDARS + "/" + calendar).status()).isEqualTo(204);
		assertThat(this.admin.get(CALENDARS + "/" + calendar).status()).isEqualTo(404);
	}

	@Test
	void anExportImportedIntoAnotherCalendarMakesTheSameCalendarAfterADryRunThatChangesNothing() throws Exception {
		LocalDate saturday = TODAY.plusDays(7).with(TemporalAdjusters.nextOrSame(DayOfWeek.SATURDAY));
		Response original = this.admin.post(CALENDARS,
				Map.of("name", "cn-2026", "description", "mainland", "workingDays",
						List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"), "holidays",
						List.of(Map.of("from", "2026-10-01", "to", "2026-10-07", "name", "国庆节"),
								Map.of("from", "2026-12-25", "name", "Christmas")),
						"workdays", List.of(Map.of("from", saturday.toString(), "name", "国庆节 补班")), "timeZone",
						"Asia/Shanghai"));
		long copy = this.admin.post(CALENDARS, Map.of("name", "copy", "workingDays", List.of("SUNDAY"))).id();

		HttpResponse<String> export = send(HttpRequest.newBuilder(uri(CALENDARS + "/" + original.id() + "/ics")));
		assertThat(export.statusCode()).isEqualTo(200);
		assertThat(export.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/calendar"));
		// RFC 6266: curl -OJ saves cn-2026.ics, not an RFC 2047 encoded word
		assertThat(export.headers().firstValue("Content-Disposition"))
			.hasValue("attachment; filename=\"cn-2026.ics\"; filename*=UTF-8''cn-2026.ics");
		assertThat(export.body()).contains("BEGIN:VCALENDAR", "CATEGORIES:HOLIDAY", "CATEGORIES:WORKDAY",
				"DTSTART;VALUE=DATE:20261001", "DTEND;VALUE=DATE:20261008", "SUMMARY:国庆节");

		JsonNode dryRun = importFile(copy, export.body(), "mode=REPLACE");
		assertThat(dryRun.get("applied").asBoolean()).isFalse();
		assertThat(dryRun.get("added")).hasSize(3);
		assertThat(dryRun.get("added").get(0).get("kind").asText()).isEqualTo("HOLIDAY");
		assertThat(dryRun.get("workingDaysAfter")).hasSize(5);
		assertThat(this.admin.get(CALENDARS + "/" + copy).body().get("version").asLong()).isOne();

		JsonNode applied = importFile(copy, export.body(), "mode=REPLACE&dryRun=false");
		assertThat(applied.get("applied").asBoolean()).isTrue();
		JsonNode before = original.body();
		JsonNode after = this.admin.get(CALENDARS + "/" + copy).body();
		for (String field : List.of("workingDays", "holidays", "workdays", "timeZone")) {
			assertThat(after.get(field)).as(field).isEqualTo(before.get(field));
		}
		// the same file again changes nothing
		JsonNode again = importFile(copy, export.body(), "mode=REPLACE");
		assertThat(again.get("added")).isEmpty();
		assertThat(again.get("removed")).isEmpty();
	}

	@Test
	void aFileFromElsewhereIsReadAsHolidaysAndMakeUpDaysAndItsOtherEventsAreNamed() throws Exception {
		long calendar = this.admin.post(CALENDARS,
				Map.of("name", "cn", "workingDays", List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"),
						"holidays", List.of(Map.of("from", "2026-05-01"))))
			.id();
		String feed = String.join("\r\n", "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Holidays//CN",
				"BEGIN:VEVENT", "UID:a@example", "DTSTART;VALUE=DATE:20270101", "DTEND;VALUE=DATE:20270104",
				"SUMMARY:元旦 假期", "END:VEVENT", "BEGIN:VEVENT", "UID:b@example", "DTSTART;VALUE=DATE:20270104",
				"SUMMARY:元旦 补班", "END:VEVENT", "BEGIN:VEVENT", "UID:c@example", "DTSTART:20270105T090000Z",
				"SUMMARY:Standup", "END:VEVENT", "END:VCALENDAR", "");

		JsonNode merged = importFile(calendar, feed, "dryRun=false");

		assertThat(merged.get("added").toString()).contains(
				"\"kind\":\"HOLIDAY\",\"from\":\"2027-01-01\"," + "\"to\":\"2027-01-03\"",
				"\"kind\":\"WORKDAY\",\"from\":\"2027-01-04\"");
		assertThat(merged.get("removed")).isEmpty();
		assertThat(merged.get("ignored")).hasSize(1);
		assertThat(merged.get("ignored").get(0).asText()).contains("Standup", "time of day");
		assertThat(merged.get("ignoredReasons").get(0).get("code").asText()).isEqualTo("ICS_TIME_OF_DAY");
		assertThat(merged.get("ignoredReasons").get(0).get("params").get("event").asText()).isEqualTo("Standup");
		JsonNode now = this.admin.get(CALENDARS + "/" + calendar).body();
		assertThat(now.get("holidays")).hasSize(2);
		assertThat(now.get("workdays").get(0).get("name").asText()).isEqualTo("元旦 补班");

		HttpResponse<String> notIcs = send(HttpRequest.newBuilder(uri(CALENDARS + "/" + calendar + "/ics"))
			.header("Content-Type", "text/calendar")
			.POST(HttpRequest.BodyPublishers.ofString("hello")));
		assertThat(notIcs.statusCode()).isEqualTo(400);
		assertThat(notIcs.body()).contains("\"field\":\"file\"");
	}

	@Test
	void aJobFileNamesTheCalendarAndAnImportFollowsItAgain() throws Exception {
		this.admin.post(CALENDARS, closedTwoDays("ops"));
		long job = this.admin.post("/api/v1/jobs", following("settle", "ops", "NEXT_WORKING_DAY")).id();

		HttpResponse<String> exported = send(HttpRequest.newBuilder(uri("/api/v1/jobs/export?format=json")));
		JsonNode file = JSON.readTree(exported.body());
		assertThat(file.at("/jobs/0/calendar"))
			.isEqualTo(JSON.valueToTree(Map.of("name", "ops", "rule", "NEXT_WORKING_DAY")));
		// the days stay the calendar's: a file names it, as a job request does
		assertThat(exported.body()).doesNotContain("Closed");

		this.admin.delete("/api/v1/jobs/" + job);
		HttpResponse<String> imported = send(HttpRequest.newBuilder(uri("/api/v1/jobs/import"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(exported.body())));
		assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job WHERE calendar_id IS NOT NULL AND name = ?",
				Long.class, "settle"))
			.isOne();

		this.admin.delete("/api/v1/jobs/" + this.jdbc.queryForObject("SELECT id FROM job", Long.class));
		String elsewhere = exported.body().replace("\"ops\"", "\"gone\"");
		HttpResponse<String> refused = send(HttpRequest.newBuilder(uri("/api/v1/jobs/import"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(elsewhere)));
		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.body()).contains("jobs[0].calendar.name");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();
	}

	@Test
	void overAWholeMonthAWorkingDaysJobFiresOnEveryWeekdayButTheHolidayMondayAndOnTheMakeUpSaturday() {
		LocalDate month = TODAY.withDayOfMonth(1).plusMonths(2);
		LocalDate holidayMonday = month.with(TemporalAdjusters.firstInMonth(DayOfWeek.MONDAY)).plusWeeks(1);
		LocalDate makeUpSaturday = month.with(TemporalAdjusters.firstInMonth(DayOfWeek.SATURDAY)).plusWeeks(1);
		this.admin.post(CALENDARS,
				Map.of("name", "month", "workingDays", List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"),
						"holidays", List.of(Map.of("from", holidayMonday.toString(), "name", "Holiday Monday")),
						"workdays", List.of(Map.of("from", makeUpSaturday.toString(), "name", "Make-up Saturday")),
						"timeZone", "Asia/Shanghai"));
		Map<String, Object> job = Jobs.with(following("month-end", "month", "WORKING_DAYS_ONLY"), "timeZone",
				"Asia/Shanghai");
		long id = this.admin.post("/api/v1/jobs", job).id();

		JsonNode fires = this.admin.get("/api/v1/jobs/" + id + "/next-fires?count=100").body().get("fires");

		List<LocalDate> expected = new ArrayList<>();
		for (LocalDate day = month; day.getMonth() == month.getMonth(); day = day.plusDays(1)) {
			boolean weekday = day.getDayOfWeek() != DayOfWeek.SATURDAY && day.getDayOfWeek() != DayOfWeek.SUNDAY;
			if ((weekday && !day.equals(holidayMonday)) || day.equals(makeUpSaturday)) {
				expected.add(day);
			}
		}
		List<LocalDate> inMonth = new ArrayList<>();
		fires.forEach((fire) -> {
			ZonedDateTime at = Instant.parse(fire.asText()).atZone(ZoneId.of("Asia/Shanghai"));
			assertThat(at.toLocalTime()).isEqualTo(LocalTime.of(9, 0));
			if (at.getMonth() == month.getMonth() && at.getYear() == month.getYear()) {
				inMonth.add(at.toLocalDate());
			}
		});
		assertThat(inMonth).isEqualTo(expected);
	}

	private Map<String, Object> following(String name, String calendar, String rule) {
		Map<String, Object> job = Jobs.with(Jobs.http(name), "schedule", "0 9 * * *");
		job = Jobs.with(job, "timeZone", "UTC");
		return Jobs.with(job, "calendar", Map.of("name", calendar, "rule", rule));
	}

	private static List<LocalDate> days(JsonNode fires) {
		List<LocalDate> days = new ArrayList<>();
		fires.forEach((fire) -> days.add(LocalDate.parse(fire.asText().substring(0, 10))));
		return days;
	}

	private JsonNode importFile(long calendar, String text, String query) throws IOException, InterruptedException {
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri(CALENDARS + "/" + calendar + "/ics?" + query))
			.header("Content-Type", "text/calendar; charset=utf-8")
			.POST(HttpRequest.BodyPublishers.ofString(text)));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
		return HTTP.send(request.header("Authorization", "Bearer " + this.admin.token()).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
