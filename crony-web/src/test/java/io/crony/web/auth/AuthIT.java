package io.crony.web.auth;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Users;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@AutoConfigureObservability
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + AuthIT.ADMIN_PASSWORD)
class AuthIT {

	static final String ADMIN_PASSWORD = "first-admin-password";

	private static final Map<String, Object> JOB = Map.of("name", "auth-job", "schedule", "0 0 * * * ?", "target",
			Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/run"));

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	private int port;

	@Autowired
	private ApplicationContext context;

	@Autowired
	private JdbcTemplate jdbc;

	private ApiClient anonymous;

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.anonymous = ApiClient.anonymous(this.port);
		this.admin = this.anonymous.login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
		this.jdbc.update("DELETE FROM department_member WHERE department_id <> 1");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
	}

	@Test
	void createsTheFirstAdminWithTheConfiguredPassword() {
		assertThat(this.jdbc.queryForList("SELECT username, global_admin, enabled FROM app_user"))
			.containsExactly(Map.of("username", "admin", "global_admin", true, "enabled", true));
		String hash = this.jdbc.queryForObject("SELECT password_hash FROM app_user", String.class);
		assertThat(hash).startsWith("$2").doesNotContain(ADMIN_PASSWORD);
		Response me = this.admin.get("/api/v1/auth/me");
		assertThat(me.status()).isEqualTo(200);
		assertThat(me.body().get("username").asText()).isEqualTo("admin");
		assertThat(me.body().get("role").asText()).isEqualTo("ADMIN");
	}

	@Test
	void everyAnswerForbidsFramingSniffingReferrersAndScriptFromElsewhere() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		for (String path : List.of("/", "/jobs", "/api/v1/jobs", "/actuator/health", "/v3/api-docs")) {
			HttpResponse<Void> answer = http.send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
					HttpResponse.BodyHandlers.discarding());
			HttpHeaders headers = answer.headers();
			assertThat(headers.firstValue("Content-Security-Policy")).as(path)
				.hasValueSatisfying((csp) -> assertThat(csp).contains("script-src 'self';", "frame-ancestors 'none'")
					.doesNotContain("unsafe-eval")
					.doesNotContainPattern("script-src[^;]*unsafe-inline"));
			assertThat(headers.firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
			assertThat(headers.firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
			assertThat(headers.firstValue("X-Frame-Options")).as(path).hasValue("DENY");
		}
	}

	@Test
	void answersLoginWithAnOpaqueTokenStoredOnlyAsItsHash() {
		Response login = this.anonymous.post("/api/v1/auth/login",
				Map.of("username", "admin", "password", ADMIN_PASSWORD));
		assertThat(login.status()).isEqualTo(200);
		JsonNode body = login.body();
		String token = body.get("token").asText();
		assertThat(token).matches("[A-Za-z0-9_-]{43}");
		assertThat(body.get("username").asText()).isEqualTo("admin");
		assertThat(body.get("role").asText()).isEqualTo("ADMIN");
		assertThat(body.get("expiresAt").asText()).isNotBlank();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM auth_token WHERE token_hash = ?", Long.class,
				OpaqueTokens.hash(token)))
			.isEqualTo(1);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM auth_token WHERE token_hash = ?", Long.class, token))
			.isZero();
	}

	@Test
	void refusesRequestsWithoutAValidToken() {
		Response none = this.anonymous.get("/api/v1/jobs");
		assertThat(none.status()).isEqualTo(401);
		assertThat(none.isProblem()).isTrue();
		Response forged = this.anonymous.withToken("not-a-token").get("/api/v1/jobs");
		assertThat(forged.status()).isEqualTo(401);
		assertThat(forged.isProblem()).isTrue();
		assertThat(this.anonymous.post("/api/v1/jobs", JOB).status()).isEqualTo(401);
		assertThat(this.anonymous.get("/api/v1/auth/me").status()).isEqualTo(401);
	}

	@Test
	void refusesAWrongPassword() {
		Response wrong = this.anonymous.post("/api/v1/auth/login", Map.of("username", "admin", "password", "nope"));
		assertThat(wrong.status()).isEqualTo(401);
		assertThat(wrong.isProblem()).isTrue();
		Response unknown = this.anonymous.post("/api/v1/auth/login", Map.of("username", "nobody", "password", "nope"));
		assertThat(unknown.status()).isEqualTo(401);
		assertThat(unknown.body().get("detail")).isEqualTo(wrong.body().get("detail"));
	}

	@Test
	void logoutRevokesTheToken() {
		assertThat(this.admin.post("/api/v1/auth/logout", null).status()).isEqualTo(204);
		assertThat(this.admin.get("/api/v1/auth/me").status()).isEqualTo(401);
	}

	@Test
	void dashboardSignInKeepsTheSessionInAnHttpOnlyStrictCookieForTheTokensLifetime() throws Exception {
		HttpResponse<String> page = send(HttpRequest.newBuilder(uri("/")).GET());
		String xsrf = setCookie(page, "XSRF-TOKEN").orElseThrow();
		assertThat(xsrf).contains("SameSite=Strict", "Path=/").doesNotContain("HttpOnly", "Secure");

		HttpResponse<String> login = dashboardLogin();
		assertThat(login.statusCode()).isEqualTo(200);
		assertThat(login.body()).doesNotContain("\"token\"").contains("\"username\":\"admin\"", "expiresAt");
		String session = setCookie(login, SessionCookie.NAME).orElseThrow();
		// no Secure over plain HTTP (SessionCookieTest covers TLS); lifetime = the
		// token's 12 h
		assertThat(session).contains("HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200").doesNotContain("Secure");
		String cookies = cookiePair(session) + "; " + cookiePair(xsrf);
		HttpResponse<String> me = send(HttpRequest.newBuilder(uri("/api/v1/auth/me")).header("Cookie", cookies));
		assertThat(me.statusCode()).isEqualTo(200);
		assertThat(me.body()).contains("\"username\":\"admin\"");
	}

	@Test
	void changesSignedInByTheCookieNeedTheCsrfHeaderButBearerClientsDoNot() throws Exception {
		String xsrf = cookiePair(setCookie(send(HttpRequest.newBuilder(uri("/")).GET()), "XSRF-TOKEN").orElseThrow());
		String cookies = cookiePair(setCookie(dashboardLogin(), SessionCookie.NAME).orElseThrow()) + "; " + xsrf;
		String job = "{\"name\":\"cookie-job\",\"schedule\":\"0 0 * * * ?\","
				+ "\"target\":{\"type\":\"HTTP\",\"url\":\"http://127.0.0.1:9000/run\"}}";

		HttpResponse<String> missing = send(postJson("/api/v1/jobs", job).header("Cookie", cookies));
		assertThat(missing.statusCode()).isEqualTo(403);
		assertThat(missing.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(missing.body()).contains("X-XSRF-TOKEN");
		HttpResponse<String> wrong = send(
				postJson("/api/v1/jobs", job).header("Cookie", cookies).header("X-XSRF-TOKEN", "forged"));
		assertThat(wrong.statusCode()).isEqualTo(403);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();

		HttpResponse<String> echoed = send(postJson("/api/v1/jobs", job).header("Cookie", cookies)
			.header("X-XSRF-TOKEN", xsrf.substring(xsrf.indexOf('=') + 1)));
		assertThat(echoed.statusCode()).as(echoed.body()).isEqualTo(201);

		// an API client: its bearer token is no ambient credential, so no CSRF token, and
		// a session cookie beside it is ignored
		HttpResponse<String> bearer = send(postJson("/api/v1/jobs", job.replace("cookie-job", "bearer-job"))
			.header("Authorization", "Bearer " + this.admin.token())
			.header("Cookie", cookies));
		assertThat(bearer.statusCode()).as(bearer.body()).isEqualTo(201);
		assertThat(setCookie(bearer, "XSRF-TOKEN")).isEmpty();
	}

	@Test
	void logoutByTheCookieRevokesTheSessionAndClearsTheCookie() throws Exception {
		String xsrf = cookiePair(setCookie(send(HttpRequest.newBuilder(uri("/")).GET()), "XSRF-TOKEN").orElseThrow());
		String cookies = cookiePair(setCookie(dashboardLogin(), SessionCookie.NAME).orElseThrow()) + "; " + xsrf;
		int sessions = this.jdbc.queryForObject("SELECT COUNT(*) FROM auth_token", Integer.class);

		assertThat(send(postJson("/api/v1/auth/logout", "").header("Cookie", cookies)).statusCode()).isEqualTo(403);
		HttpResponse<String> logout = send(postJson("/api/v1/auth/logout", "").header("Cookie", cookies)
			.header("X-XSRF-TOKEN", xsrf.substring(xsrf.indexOf('=') + 1)));
		assertThat(logout.statusCode()).isEqualTo(204);
		assertThat(setCookie(logout, SessionCookie.NAME)).hasValueSatisfying(
				(cleared) -> assertThat(cleared).startsWith(SessionCookie.NAME + "=;").contains("Max-Age=0"));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM auth_token", Integer.class)).isEqualTo(sessions - 1);
		// the old cookie, replayed, signs nobody in: the session is revoked, not only
		// forgotten
		assertThat(send(HttpRequest.newBuilder(uri("/api/v1/auth/me")).header("Cookie", cookies)).statusCode())
			.isEqualTo(401);
		assertThat(this.admin.get("/api/v1/auth/me").status()).isEqualTo(200);
	}

	@Test
	void signingInAgainOverASessionCookieEndsTheOlderSession() throws Exception {
		String older = cookiePair(setCookie(dashboardLogin(), SessionCookie.NAME).orElseThrow());
		HttpResponse<String> again = send(postJson("/api/v1/auth/login",
				"{\"username\":\"admin\",\"password\":\"" + ADMIN_PASSWORD + "\",\"cookie\":true}")
			.header("Cookie", older));
		assertThat(again.statusCode()).isEqualTo(200);
		String newer = cookiePair(setCookie(again, SessionCookie.NAME).orElseThrow());
		assertThat(send(HttpRequest.newBuilder(uri("/api/v1/auth/me")).header("Cookie", older)).statusCode())
			.isEqualTo(401);
		assertThat(send(HttpRequest.newBuilder(uri("/api/v1/auth/me")).header("Cookie", newer)).statusCode())
			.isEqualTo(200);
	}

	private HttpResponse<String> dashboardLogin() throws Exception {
		return send(postJson("/api/v1/auth/login",
				"{\"username\":\"admin\",\"password\":\"" + ADMIN_PASSWORD + "\",\"cookie\":true}"));
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private HttpRequest.Builder postJson(String path, String json) {
		return HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json));
	}

	private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
		return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static Optional<String> setCookie(HttpResponse<?> response, String name) {
		return response.headers()
			.allValues("Set-Cookie")
			.stream()
			.filter((cookie) -> cookie.startsWith(name + "="))
			.findFirst();
	}

	private static String cookiePair(String setCookie) {
		return setCookie.substring(0, setCookie.indexOf(';'));
	}

	@Test
	void viewerReadsButCannotCreateJobs() {
		ApiClient viewer = Users.create(this.admin, "vera", "VIEWER");
		assertThat(viewer.get("/api/v1/jobs").status()).isEqualTo(200);
		Response create = viewer.post("/api/v1/jobs", JOB);
		assertThat(create.status()).isEqualTo(403);
		assertThat(create.isProblem()).isTrue();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();
	}

	@Test
	void operatorWritesJobsButCannotManageUsers() {
		ApiClient operator = Users.create(this.admin, "otto", "OPERATOR");
		Response created = operator.post("/api/v1/jobs", JOB);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().get("createdBy").asText()).isEqualTo("otto");
		assertThat(operator.get("/api/v1/jobs/" + created.id()).status()).isEqualTo(200);
		Response users = operator.get("/api/v1/users");
		assertThat(users.status()).isEqualTo(403);
		assertThat(users.isProblem()).isTrue();
		assertThat(operator
			.post("/api/v1/users", Map.of("username", "sneaky", "password", "lantern-orbit-42", "role", "ADMIN"))
			.status()).isEqualTo(403);
	}

	@Test
	void adminManagesUsers() {
		Response created = this.admin.post("/api/v1/users",
				Map.of("username", "paula", "password", "lantern-orbit-42", "role", "VIEWER"));
		assertThat(created.status()).isEqualTo(201);
		assertThat(created.body().has("passwordHash")).isFalse();
		assertThat(created.body().has("password")).isFalse();
		long id = created.id();

		Response list = this.admin.get("/api/v1/users?page=1&size=10");
		assertThat(list.body().get("total").asLong()).isEqualTo(2);
		assertThat(list.body().at("/items/0/username").asText()).isEqualTo("paula");

		Response duplicate = this.admin.post("/api/v1/users",
				Map.of("username", "paula", "password", "lantern-orbit-42", "role", "VIEWER"));
		assertThat(duplicate.status()).isEqualTo(409);
		assertThat(duplicate.errorFields()).containsExactly("username");

		Response invalid = this.admin.post("/api/v1/users",
				Map.of("username", "a b", "password", "short", "role", "ROOT"));
		assertThat(invalid.status()).isEqualTo(400);
		assertThat(invalid.errorFields()).containsExactly("role");

		Response promoted = this.admin.put("/api/v1/users/" + id,
				Map.of("role", "OPERATOR", "password", "new-password-1"));
		assertThat(promoted.status()).isEqualTo(200);
		assertThat(promoted.body().get("role").asText()).isEqualTo("OPERATOR");
		ApiClient paula = this.anonymous.login("paula", "new-password-1");
		assertThat(paula.get("/api/v1/auth/me").body().get("role").asText()).isEqualTo("OPERATOR");

		assertThat(this.admin.put("/api/v1/users/" + id, Map.of("enabled", false)).status()).isEqualTo(200);
		assertThat(paula.get("/api/v1/auth/me").status()).isEqualTo(401);
		assertThat(this.anonymous.post("/api/v1/auth/login", Map.of("username", "paula", "password", "new-password-1"))
			.status()).isEqualTo(401);

		assertThat(this.admin.delete("/api/v1/users/" + id).status()).isEqualTo(204);
		assertThat(this.admin.get("/api/v1/users/" + id).status()).isEqualTo(404);
	}

	@Test
	void refusesToRemoveTheLastAdminOrYourself() {
		long adminId = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'admin'", Long.class);
		Response self = this.admin.delete("/api/v1/users/" + adminId);
		assertThat(self.status()).isEqualTo(409);
		assertThat(self.isProblem()).isTrue();
		Response demote = this.admin.put("/api/v1/users/" + adminId, Map.of("globalAdmin", false));
		assertThat(demote.status()).isEqualTo(409);
		Response disable = this.admin.put("/api/v1/users/" + adminId, Map.of("enabled", false));
		assertThat(disable.status()).isEqualTo(409);
		assertThat(this.jdbc.queryForObject("SELECT global_admin FROM app_user WHERE id = ?", Boolean.class, adminId))
			.isTrue();

		String adminHash = this.jdbc.queryForObject("SELECT password_hash FROM app_user WHERE id = ?", String.class,
				adminId);
		ApiClient second = Users.createGlobalAdmin(this.admin, "root2");
		assertThat(second.delete("/api/v1/users/" + adminId).status()).isEqualTo(204);
		long secondId = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'root2'", Long.class);
		assertThat(second.put("/api/v1/users/" + secondId, Map.of("globalAdmin", false)).status()).isEqualTo(409);
		// the configured admin comes back for the other tests
		this.jdbc.update("UPDATE app_user SET username = 'admin', password_hash = ? WHERE id = ?", adminHash, secondId);
	}

	@Test
	void refusesToDemoteTheLastAdminOfADepartmentThroughTheUsersApiAsThroughItsMembers() {
		long team = this.admin.post("/api/v1/departments", Map.of("name", "team-x")).id();
		Users.create(this.admin, "alice", "VIEWER");
		long alice = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'alice'", Long.class);
		assertThat(this.admin
			.post("/api/v1/departments/" + team + "/members", Map.of("username", "alice", "role", "ADMIN"))
			.status()).isEqualTo(201);
		ApiClient inTeam = this.admin.inDepartment("team-x");
		Object before = this.jdbc.queryForList(
				"SELECT m.role, u.enabled, u.updated_at FROM department_member m JOIN app_user u ON u.id = m.user_id"
						+ " WHERE m.user_id = ? ORDER BY m.department_id",
				alice);

		Response byUsers = inTeam.put("/api/v1/users/" + alice, Map.of("role", "VIEWER"));
		Response byMembers = inTeam.put("/api/v1/departments/" + team + "/members/" + alice, Map.of("role", "VIEWER"));
		// disabled in the same request: the rule still sees the enabled ADMIN she is
		Response disabledAndDemoted = inTeam.put("/api/v1/users/" + alice,
				Map.of("role", "OPERATOR", "enabled", false));

		for (Response refused : new Response[] { byUsers, byMembers, disabledAndDemoted }) {
			assertThat(refused.status()).as("%s", refused.body()).isEqualTo(409);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.body().get("code").asText()).isEqualTo(byMembers.body().get("code").asText());
			assertThat(refused.body().get("detail").asText()).isEqualTo("alice is the last admin of department team-x");
		}
		assertThat(this.jdbc.queryForList(
				"SELECT m.role, u.enabled, u.updated_at FROM department_member m JOIN app_user u ON u.id = m.user_id"
						+ " WHERE m.user_id = ? ORDER BY m.department_id",
				alice))
			.isEqualTo(before);

		// with a second ADMIN, whom the users API makes a member, she may step down
		Users.create(this.admin, "bruno", "VIEWER");
		long bruno = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'bruno'", Long.class);
		assertThat(inTeam.put("/api/v1/users/" + bruno, Map.of("role", "ADMIN")).status()).isEqualTo(200);
		Response stepsDown = inTeam.put("/api/v1/users/" + alice, Map.of("role", "VIEWER"));
		assertThat(stepsDown.status()).as("%s", stepsDown.body()).isEqualTo(200);
		assertThat(
				this.jdbc.queryForList(
						"SELECT u.username, m.role FROM department_member m"
								+ " JOIN app_user u ON u.id = m.user_id WHERE m.department_id = ? ORDER BY u.username",
						team))
			.containsExactly(Map.of("username", "alice", "role", "VIEWER"),
					Map.of("username", "bruno", "role", "ADMIN"));
	}

	@Test
	void healthIsUnavailableUntilTheApplicationIsReady() {
		// before the ApplicationRunners (the first admin among them) have run, readiness
		// refuses traffic: whoever waits for health can sign in once it is UP
		AvailabilityChangeEvent.publish(this.context, ReadinessState.REFUSING_TRAFFIC);
		try {
			assertThat(this.anonymous.get("/actuator/health").status()).isEqualTo(503);
		}
		finally {
			AvailabilityChangeEvent.publish(this.context, ReadinessState.ACCEPTING_TRAFFIC);
		}
		assertThat(this.anonymous.get("/actuator/health").status()).isEqualTo(200);
	}

	@Test
	void leavesHealthMetricsAndApiDocsOpen() {
		assertThat(this.anonymous.get("/actuator/health").status()).isEqualTo(200);
		assertThat(this.anonymous.get("/actuator/prometheus").status()).isEqualTo(200);
		Response docs = this.anonymous.get("/v3/api-docs");
		assertThat(docs.status()).isEqualTo(200);
		assertThat(docs.body().at("/components/securitySchemes/bearer/scheme").asText()).isEqualTo("bearer");
		assertThat(docs.body().at("/paths").has("/api/v1/jobs")).isTrue();
		assertThat(docs.body().at("/paths").has("/api/v1/executions/{id}/cancel")).isTrue();
		assertThat(docs.body().get("tags").findValuesAsText("name")).contains("Jobs", "Executions", "Users", "Auth");
		assertThat(this.anonymous.get("/swagger-ui/index.html").status()).isEqualTo(200);
	}

}
