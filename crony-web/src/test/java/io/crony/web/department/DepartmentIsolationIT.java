package io.crony.web.department;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.ApiRoutes;
import io.crony.web.support.Users;
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
 * A user of one department can neither read, change, run nor detect another department's
 * jobs, runs, alert channels, service tokens or members, through any route of the API
 * document; against the real server and database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + DepartmentIsolationIT.ADMIN_PASSWORD)
class DepartmentIsolationIT {

	static final String ADMIN_PASSWORD = "first-admin-password";

	// every object of department B is named with this, so any answer showing one is
	// caught
	private static final String B_MARK = "secret-b";

	// open to anyone by design: the login, and SDK reports checked by their execution
	// token; and the walker's own sign-out, which would end the walk
	private static final Set<String> SKIPPED = Set.of("POST /api/v1/auth/login", "POST /api/v1/auth/logout",
			"POST /api/v1/executions/{id}/result", "POST /api/v1/executions/{id}/progress");

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

	private long departmentA;

	private long departmentB;

	@BeforeEach
	void twoDepartments() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.departmentA = this.admin.post("/api/v1/departments", Map.of("name", "team-a")).id();
		this.departmentB = this.admin.post("/api/v1/departments", Map.of("name", "team-b", "description", B_MARK)).id();
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM deleted_job");
		this.jdbc.update("DELETE FROM alert_channel");
		this.jdbc.update("DELETE FROM calendar");
		this.jdbc.update("DELETE FROM service_token");
		this.jdbc.update("DELETE FROM audit_log");
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
		this.jdbc.update("DELETE FROM department_member WHERE department_id <> 1");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
	}

	@Test
	void aUserOfDepartmentACannotReadChangeRunOrDetectAnythingOfDepartmentBThroughAnyRoute() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		Users.create(this.admin, "bob-" + B_MARK, "VIEWER");
		long bob = userId("bob-" + B_MARK);
		adminB.post("/api/v1/departments/" + this.departmentB + "/members",
				Map.of("username", "bob-" + B_MARK, "role", "ADMIN"));
		long jobB = adminB.post("/api/v1/jobs", job(B_MARK + "-job")).id();
		long channelB = adminB.post("/api/v1/alert-channels", channel(B_MARK + "-channel")).id();
		long calendarB = adminB.post("/api/v1/calendars", calendar(B_MARK + "-calendar")).id();
		long tokenB = adminB
			.post("/api/v1/service-tokens", Map.of("name", B_MARK + "-token", "scopes", List.of("JOBS_READ")))
			.body()
			.get("serviceToken")
			.get("id")
			.asLong();
		long runB = runOf(jobB, B_MARK + "-job");
		Map<String, Object> before = stateOfB(jobB, channelB, tokenB, runB, calendarB);

		// alice is ADMIN of team-a: every route her role allows there is open to her
		ApiClient alice = aliceAdminOfA();
		Map<String, Long> idsOfB = Map.of("/api/v1/jobs/", jobB, "/api/v1/executions/", runB, "/api/v1/alert-channels/",
				channelB, "/api/v1/service-tokens/", tokenB, "/api/v1/departments/", this.departmentB, "/api/v1/users/",
				bob, "/api/v1/agents/", jobB, "/api/v1/calendars/", calendarB);
		List<String> walked = new ArrayList<>();
		ApiRoutes.forEach(this.admin, (method, path) -> {
			String route = method + " " + path;
			if (SKIPPED.contains(route)) {
				return;
			}
			String concrete = concrete(path, idsOfB, bob);
			Response response = alice.send(method, concrete, body(route));
			String answer = String.valueOf(response.body());
			assertThat(answer).as(route + " answered " + answer).doesNotContain(B_MARK);
			if (path.contains("{")) {
				if (deniedToHerAnywhere(route)) {
					assertThat(response.status()).as(route + ": " + answer).isEqualTo(403);
				}
				else {
					assertThat(response.status()).as(route + ": " + answer).isEqualTo(404);
				}
			}
			walked.add(route);
		});

		assertThat(walked).contains("GET /api/v1/jobs/{id}", "PUT /api/v1/jobs/{id}", "DELETE /api/v1/jobs/{id}",
				"POST /api/v1/jobs/{id}/run", "POST /api/v1/jobs/{id}/disable", "GET /api/v1/jobs/{id}/next-fires",
				"POST /api/v1/jobs/{id}/clone", "GET /api/v1/jobs/export", "GET /api/v1/executions/{id}",
				"POST /api/v1/executions/{id}/cancel", "PUT /api/v1/alert-channels/{id}",
				"POST /api/v1/alert-channels/{id}/test", "POST /api/v1/service-tokens/{id}/revoke",
				"DELETE /api/v1/service-tokens/{id}", "GET /api/v1/jobs/{id}/history",
				"GET /api/v1/departments/{id}/members", "POST /api/v1/departments/{id}/members", "GET /api/v1/jobs",
				"GET /api/v1/executions", "GET /api/v1/alerts", "GET /api/v1/audit", "GET /api/v1/dashboard/summary");
		assertThat(walked).contains("GET /api/v1/calendars/{id}", "PUT /api/v1/calendars/{id}",
				"DELETE /api/v1/calendars/{id}", "GET /api/v1/calendars/{id}/ics", "POST /api/v1/calendars/{id}/ics",
				"GET /api/v1/calendars");
		assertThat(walked).contains("GET /api/v1/jobs/{id}/cycle", "GET /api/v1/executions/{id}/tree",
				"POST /api/v1/jobs/{id}/backfills", "GET /api/v1/workflows", "GET /api/v1/workflows/runs");
		assertThat(stateOfB(jobB, channelB, tokenB, runB, calendarB)).isEqualTo(before);
	}

	@Test
	void anotherDepartmentIsNotFoundWhetherItExistsOrNotAndItsNamesAreFreeHere() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		adminB.post("/api/v1/jobs", job("nightly-report"));
		ApiClient alice = aliceAdminOfA();

		Response existing = alice.inDepartment("team-b").get("/api/v1/jobs");
		Response missing = alice.inDepartment("no-such-team").get("/api/v1/jobs");
		assertThat(existing.status()).isEqualTo(404);
		assertThat(missing.status()).isEqualTo(404);
		assertThat(existing.body().get("detail").asText().replace("team-b", "X"))
			.isEqualTo(missing.body().get("detail").asText().replace("no-such-team", "X"));
		// a name is taken per department: team-b's job does not make this a conflict
		assertThat(alice.post("/api/v1/jobs", job("nightly-report")).status()).isEqualTo(201);
		assertThat(alice.get("/api/v1/jobs").body().get("total").asLong()).isEqualTo(1);
		assertThat(adminB.get("/api/v1/jobs").body().get("total").asLong()).isEqualTo(1);
	}

	@Test
	void aDeletedJobsRunsStayInItsDepartmentsRecordsOnly() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		long jobB = adminB.post("/api/v1/jobs", job(B_MARK + "-job")).id();
		long runB = runOf(jobB, B_MARK + "-job");
		ApiClient alice = aliceAdminOfA();

		assertThat(adminB.delete("/api/v1/jobs/" + jobB).status()).isEqualTo(204);

		assertThat(adminB.get("/api/v1/executions/" + runB).body().path("jobName").asText()).isEqualTo(B_MARK + "-job");
		assertThat(adminB.get("/api/v1/executions?jobId=" + jobB).body().path("total").asLong()).isEqualTo(1);
		assertThat(alice.get("/api/v1/executions/" + runB).status()).isEqualTo(404);
		assertThat(alice.post("/api/v1/executions/" + runB + "/cancel", null).status()).isEqualTo(404);
		assertThat(String.valueOf(alice.get("/api/v1/executions").body())).doesNotContain(B_MARK);
	}

	@Test
	void aServiceTokenWorksInItsOwnDepartmentOnly() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		long jobB = adminB.post("/api/v1/jobs", job(B_MARK + "-job")).id();
		ApiClient alice = aliceAdminOfA();
		long jobA = alice.post("/api/v1/jobs", job("a-job")).id();
		String token = alice.post("/api/v1/service-tokens", Map.of("name", "ci", "scopes", List.of("JOBS_READ")))
			.body()
			.get("token")
			.asText();
		ApiClient machine = ApiClient.anonymous(this.port).withToken(token);

		assertThat(machine.get("/api/v1/jobs/" + jobA).status()).isEqualTo(200);
		assertThat(machine.get("/api/v1/jobs/" + jobB).status()).isEqualTo(404);
		assertThat(machine.inDepartment("team-b").get("/api/v1/jobs/" + jobB).status()).isEqualTo(404);
		assertThat(String.valueOf(machine.get("/api/v1/jobs").body())).doesNotContain(B_MARK).contains("a-job");
	}

	@Test
	void membersAndRolesArePerDepartmentAndEveryChangeIsAudited() {
		ApiClient alice = aliceAdminOfA();
		Users.create(this.admin, "carol", "VIEWER");
		long carol = userId("carol");
		ApiClient carolClient = ApiClient.anonymous(this.port).login("carol", Users.PASSWORD);

		Response added = alice.post("/api/v1/departments/" + this.departmentA + "/members",
				Map.of("username", "carol", "role", "OPERATOR"));
		assertThat(added.status()).as("%s", added.body()).isEqualTo(201);
		// an OPERATOR in team-a, a VIEWER in default
		assertThat(carolClient.inDepartment("team-a").post("/api/v1/jobs", job("by-carol")).status()).isEqualTo(201);
		assertThat(carolClient.post("/api/v1/jobs", job("by-carol")).status()).isEqualTo(403);
		assertThat(carolClient.inDepartment("team-a")
			.put("/api/v1/departments/" + this.departmentA + "/members/" + carol, Map.of("role", "ADMIN"))
			.status()).isEqualTo(403);

		assertThat(alice.put("/api/v1/departments/" + this.departmentA + "/members/" + carol, Map.of("role", "VIEWER"))
			.status()).isEqualTo(200);
		assertThat(carolClient.inDepartment("team-a").post("/api/v1/jobs", job("by-carol-2")).status()).isEqualTo(403);
		long aliceId = userId("alice");
		Response lastAdmin = alice.delete("/api/v1/departments/" + this.departmentA + "/members/" + aliceId);
		assertThat(lastAdmin.status()).isEqualTo(409);
		assertThat(alice.delete("/api/v1/departments/" + this.departmentA + "/members/" + carol).status())
			.isEqualTo(204);
		assertThat(carolClient.inDepartment("team-a").get("/api/v1/jobs").status()).isEqualTo(404);

		Response edited = alice.put("/api/v1/departments/" + this.departmentA,
				Map.of("description", "team a", "retentionDays", 14));
		assertThat(edited.status()).isEqualTo(200);
		assertThat(edited.body().get("retentionDays").asInt()).isEqualTo(14);
		JsonNode update = alice.get("/api/v1/audit?action=DEPARTMENT_UPDATE").body().get("items").get(0);
		assertThat(changes(update)).containsOnly(Map.entry("description", Arrays.asList(null, "team a")),
				Map.entry("retentionDays", Arrays.asList(null, "14")));

		JsonNode audit = alice.get("/api/v1/audit?objectType=DEPARTMENT").body().get("items");
		List<String> actions = new ArrayList<>();
		audit.forEach((row) -> actions.add(row.get("action").asText()));
		assertThat(actions).containsExactly("DEPARTMENT_UPDATE", "MEMBER_REMOVE", "MEMBER_UPDATE", "MEMBER_ADD",
				"MEMBER_ADD", "DEPARTMENT_CREATE");
		assertThat(changes(audit.get(2))).containsOnly(Map.entry("role", List.of("OPERATOR", "VIEWER")));
		assertThat(changes(audit.get(1))).containsEntry("username", Arrays.asList("carol", null));
	}

	/** An audit row's changes: field, before and after. */
	private static Map<String, List<String>> changes(JsonNode row) {
		Map<String, List<String>> changes = new LinkedHashMap<>();
		row.path("changes")
			.forEach((change) -> changes.put(change.path("field").asText(),
					Arrays.asList(text(change.path("before")), text(change.path("after")))));
		return changes;
	}

	private static String text(JsonNode value) {
		return (value.isNull() || value.isMissingNode()) ? null : value.asText();
	}

	@Test
	void onlyGlobalAdminsCreateOrDeleteDepartmentsAndOnlyEmptyOnes() {
		ApiClient alice = aliceAdminOfA();
		assertThat(alice.post("/api/v1/departments", Map.of("name", "mine")).status()).isEqualTo(403);
		Response badName = this.admin.post("/api/v1/departments", Map.of("name", "Bad Name"));
		assertThat(badName.status()).isEqualTo(400);
		assertThat(badName.errorFields()).containsExactly("name");
		Response taken = this.admin.post("/api/v1/departments", Map.of("name", "team-a"));
		assertThat(taken.status()).isEqualTo(409);

		alice.post("/api/v1/jobs", job("keeps-it"));
		Response notEmpty = this.admin.delete("/api/v1/departments/" + this.departmentA);
		assertThat(notEmpty.status()).isEqualTo(409);
		assertThat(this.admin.delete("/api/v1/departments/1").status()).isEqualTo(409);
		assertThat(this.admin.delete("/api/v1/departments/" + this.departmentB).status()).isEqualTo(204);
		assertThat(
				this.jdbc.queryForObject("SELECT COUNT(*) FROM department WHERE id = ?", Long.class, this.departmentB))
			.isZero();
		assertThat(this.admin.get("/api/v1/audit?action=DEPARTMENT_DELETE").body().get("total").asLong()).isEqualTo(1);
	}

	@Test
	void theDefaultDepartmentCarriesNoSeededEnglishSentence() {
		// the dashboard words its description in the reader's language (V23 cleared the
		// seed's)
		JsonNode departments = this.admin.get("/api/v1/departments").body();
		JsonNode seeded = null;
		for (JsonNode department : departments) {
			if ("default".equals(department.path("name").asText())) {
				seeded = department;
			}
		}
		assertThat(seeded).isNotNull();
		assertThat(seeded.path("description").isNull() || seeded.path("description").isMissingNode()).as("%s", seeded)
			.isTrue();
	}

	@Test
	void aDepartmentWhoseTokensAreRevokedOrDeletedCanBeDeleted() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		long revoked = tokenIn(adminB, "revoked-one");
		long deleted = tokenIn(adminB, "deleted-one");
		long live = tokenIn(adminB, "live-one");
		assertThat(adminB.post("/api/v1/service-tokens/" + revoked + "/revoke", null).status()).isEqualTo(200);
		assertThat(adminB.delete("/api/v1/service-tokens/" + deleted).status()).isEqualTo(204);
		assertThat(this.admin.delete("/api/v1/departments/" + this.departmentB).status()).isEqualTo(409);

		assertThat(adminB.post("/api/v1/service-tokens/" + live + "/revoke", null).status()).isEqualTo(200);

		assertThat(this.admin.delete("/api/v1/departments/" + this.departmentB).status()).isEqualTo(204);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM service_token WHERE department_id = ?", Long.class,
				this.departmentB))
			.isZero();
	}

	@Test
	void aJobsHistoryIsReadInItsDepartmentOnlyAndStaysAfterItsDeletion() {
		ApiClient adminB = this.admin.inDepartment("team-b");
		long jobB = adminB.post("/api/v1/jobs", job(B_MARK + "-job")).id();
		ApiClient alice = aliceAdminOfA();

		assertThat(alice.get("/api/v1/jobs/" + jobB + "/history").status()).isEqualTo(404);
		assertThat(alice.get("/api/v1/jobs/" + (jobB + 1000) + "/history").status()).isEqualTo(404);
		assertThat(adminB.get("/api/v1/jobs/" + jobB + "/history").body().get("total").asLong()).isEqualTo(1);

		assertThat(adminB.delete("/api/v1/jobs/" + jobB).status()).isEqualTo(204);

		assertThat(adminB.get("/api/v1/jobs/" + jobB + "/history").body().get("total").asLong()).isEqualTo(2);
		this.jdbc.update("DELETE FROM audit_log");
		Response purged = adminB.get("/api/v1/jobs/" + jobB + "/history");
		assertThat(purged.status()).isEqualTo(200);
		assertThat(purged.body().get("total").asLong()).isZero();
		assertThat(alice.get("/api/v1/jobs/" + jobB + "/history").status()).isEqualTo(404);
	}

	private static long tokenIn(ApiClient client, String name) {
		Response created = client.post("/api/v1/service-tokens", Map.of("name", name, "scopes", List.of("JOBS_READ")));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.body().get("serviceToken").get("id").asLong();
	}

	private ApiClient aliceAdminOfA() {
		Users.create(this.admin, "alice", "VIEWER");
		Response joined = this.admin.post("/api/v1/departments/" + this.departmentA + "/members",
				Map.of("username", "alice", "role", "ADMIN"));
		assertThat(joined.status()).as("%s", joined.body()).isEqualTo(201);
		return ApiClient.anonymous(this.port).login("alice", Users.PASSWORD).inDepartment("team-a");
	}

	/** Routes alice's roles deny whatever the object: global admins' routes. */
	private static boolean deniedToHerAnywhere(String route) {
		// users and single sign-on's group mappings belong to no department: global
		// admins
		// alone manage them
		return route.contains("/api/v1/users") || route.contains("/api/v1/sso/")
				|| route.startsWith("PATCH /api/v1/agents") || route.startsWith("POST /api/v1/agents")
				|| route.equals("DELETE /api/v1/departments/{id}");
	}

	private Map<String, Object> stateOfB(long job, long channel, long token, long run, long calendar) {
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("job", this.jdbc.queryForMap("SELECT name, version, enabled, spec FROM job WHERE id = ?", job));
		state.put("channel",
				this.jdbc.queryForMap("SELECT name, config, updated_at FROM alert_channel WHERE id = ?", channel));
		state.put("calendar",
				this.jdbc.queryForMap("SELECT name, definition, version FROM calendar WHERE id = ?", calendar));
		state.put("token", this.jdbc.queryForMap("SELECT name, revoked_at FROM service_token WHERE id = ?", token));
		state.put("run", this.jdbc.queryForMap("SELECT status, updated_at FROM execution WHERE id = ?", run));
		state.put("department",
				this.jdbc.queryForMap("SELECT description, updated_at FROM department WHERE id = ?", this.departmentB));
		state.put("members",
				this.jdbc.queryForList(
						"SELECT user_id, role FROM department_member WHERE department_id = ? ORDER BY user_id",
						this.departmentB));
		state.put("jobs", this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class));
		state.put("runs", this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Long.class));
		return state;
	}

	/** A finished run of the job, as an agent records one. */
	private long runOf(long job, String name) {
		this.jdbc.update("INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, updated_at)"
				+ " VALUES (?, ?, 'CRON', 'RUNNING', NOW(3) - INTERVAL 1 MINUTE, NOW(3))", job, name);
		return this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
	}

	private long userId(String username) {
		return this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = ?", Long.class, username);
	}

	private static Map<String, Object> job(String name) {
		return Map.of("name", name, "schedule", "0 0 * * * ?", "target",
				Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/run"));
	}

	private static Map<String, Object> channel(String name) {
		return Map.of("name", name, "type", "WEBHOOK", "config", Map.of("url", "http://127.0.0.1:9/hook"), "secret",
				"signing-secret-1");
	}

	private static Map<String, Object> calendar(String name) {
		return Map.of("name", name, "workingDays", List.of("MONDAY", "TUESDAY"), "holidays",
				List.of(Map.of("from", "2026-10-01", "to", "2026-10-07", "name", "National Day")));
	}

	/** A body each write route accepts as valid, so the answer is about the object. */
	private static Object body(String route) {
		return switch (route) {
			case "PUT /api/v1/jobs/{id}" -> job("renamed");
			case "POST /api/v1/jobs/{id}/clone" -> Map.of("name", "copied");
			case "POST /api/v1/jobs/{id}/backfills" ->
				Map.of("from", "2026-01-01T00:00:00Z", "to", "2026-01-03T00:00:00Z");
			case "PUT /api/v1/alert-channels/{id}" -> channel("renamed");
			case "PUT /api/v1/calendars/{id}" -> calendar("renamed");
			case "POST /api/v1/calendars/{id}/ics" -> "BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n";
			case "PUT /api/v1/departments/{id}" -> Map.of("description", "renamed");
			case "POST /api/v1/departments/{id}/members" -> Map.of("username", "alice", "role", "VIEWER");
			case "PUT /api/v1/departments/{id}/members/{userId}" -> Map.of("role", "VIEWER");
			default -> (route.startsWith("GET") || route.startsWith("DELETE")) ? null : Map.of();
		};
	}

	private static String concrete(String path, Map<String, Long> idsOfB, long userOfB) {
		String withUser = path.replace("{userId}", Long.toString(userOfB));
		for (Map.Entry<String, Long> prefix : idsOfB.entrySet()) {
			if (withUser.startsWith(prefix.getKey())) {
				return withUser.replaceAll("\\{[^}]+}", Long.toString(prefix.getValue()));
			}
		}
		return withUser.replaceAll("\\{[^}]+}", "1");
	}

}
