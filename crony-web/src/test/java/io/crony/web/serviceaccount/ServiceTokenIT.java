package io.crony.web.serviceaccount;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.web.auth.OpaqueTokens;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.ApiRoutes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + ServiceTokenIT.ADMIN_PASSWORD)
class ServiceTokenIT {

	static final String ADMIN_PASSWORD = "first-admin-password";

	private static final Map<String, Object> JOB = Map.of("name", "token-job", "schedule", "0 0 * * * ?", "target",
			Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/run"));

	// open to anyone by design: the login itself and the sign-in page's options, and SDK
	// reports checked by their execution token (ReportController), not by a bearer token
	private static final Set<String> OPEN = Set.of("POST /api/v1/auth/login", "GET /api/v1/auth/sign-in-options",
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

	private ApiClient anonymous;

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.anonymous = ApiClient.anonymous(this.port);
		this.admin = this.anonymous.login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM service_token");
		this.jdbc.update("DELETE FROM audit_log");
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
	}

	@Test
	void aDeletedTokenStopsWorkingAndItsDeleteIsAudited() {
		Response created = create("to-delete", List.of("JOBS_READ"), 30);
		long id = created.body().get("serviceToken").get("id").asLong();
		ApiClient machine = this.anonymous.withToken(created.body().get("token").asText());
		assertThat(machine.get("/api/v1/jobs").status()).isEqualTo(200);

		assertThat(this.admin.delete("/api/v1/service-tokens/" + id).status()).isEqualTo(204);

		assertThat(machine.get("/api/v1/jobs").status()).isEqualTo(401);
		assertThat(this.admin.get("/api/v1/service-tokens/" + id).status()).isEqualTo(404);
		assertThat(this.admin.delete("/api/v1/service-tokens/" + id).status()).isEqualTo(404);
		JsonNode audit = this.admin.get("/api/v1/audit?action=SERVICE_TOKEN_DELETE").body();
		assertThat(audit.get("total").asLong()).isEqualTo(1);
		assertThat(audit.at("/items/0/objectName").asText()).isEqualTo("to-delete");
		assertThat(audit.at("/items/0/actorName").asText()).isEqualTo("admin");
	}

	@Test
	void showsATokenOnceAndKeepsOnlyItsHash() {
		Response created = create("ci-read", List.of("JOBS_READ", "RUNS_READ"), 30);

		assertThat(created.status()).isEqualTo(201);
		String token = created.body().get("token").asText();
		assertThat(token).matches("crony_sa_[A-Za-z0-9_-]{43}");
		JsonNode record = created.body().get("serviceToken");
		assertThat(record.get("status").asText()).isEqualTo("ACTIVE");
		assertThat(record.get("createdBy").asText()).isEqualTo("admin");
		assertThat(record.get("tokenHint").asText()).isEqualTo(token.substring(0, 13));
		assertThat(Instant.parse(record.get("expiresAt").asText())).isBetween(Instant.now().plusSeconds(29 * 86_400),
				Instant.now().plusSeconds(31 * 86_400));
		assertThat(this.jdbc.queryForObject("SELECT token_hash FROM service_token", String.class))
			.isEqualTo(OpaqueTokens.hash(token));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM service_token WHERE token_hash = ? OR token_hint = ?",
				Long.class, token, token))
			.isZero();
		Response list = this.admin.get("/api/v1/service-tokens");
		assertThat(list.body().toString()).doesNotContain(token);
		assertThat(this.admin.get("/api/v1/service-tokens/" + record.get("id").asLong()).body().toString())
			.doesNotContain(token);
	}

	@Test
	void aTokenWithoutTheWriteScopeGets403OnEveryWriteAndEveryRouteOutsideItsScopes() {
		long jobId = this.admin.post("/api/v1/jobs", JOB).body().get("id").asLong();
		String jobBefore = this.admin.get("/api/v1/jobs/" + jobId).body().toString();
		ApiClient reader = this.anonymous.withToken(tokenOf("reader", List.of("JOBS_READ", "RUNS_READ")));

		List<String> walked = new ArrayList<>();
		ApiRoutes.forEach(this.admin, (method, path) -> {
			String route = method + " " + path;
			if (OPEN.contains(route)) {
				return;
			}
			Response response = reader.send(method, concrete(path, jobId), body(method));
			boolean mayRead = method == HttpMethod.GET
					&& (path.startsWith("/api/v1/jobs") || path.startsWith("/api/v1/executions"));
			if (mayRead) {
				assertThat(response.status()).as(route).isNotIn(401, 403);
			}
			else {
				assertThat(response.status()).as(route + ": " + response.body()).isEqualTo(403);
				assertThat(response.isProblem()).as(route).isTrue();
			}
			walked.add(route);
		});

		assertThat(walked).contains("POST /api/v1/jobs", "PUT /api/v1/jobs/{id}", "DELETE /api/v1/jobs/{id}",
				"POST /api/v1/jobs/bulk", "POST /api/v1/jobs/{id}/run", "POST /api/v1/executions/{id}/cancel",
				"POST /api/v1/service-tokens", "GET /api/v1/users", "GET /api/v1/jobs/{id}");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isEqualTo(1);
		assertThat(this.admin.get("/api/v1/jobs/" + jobId).body().toString()).isEqualTo(jobBefore);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM service_token", Long.class)).isEqualTo(1);
	}

	@Test
	void eachScopeOpensItsOwnRoutesOnly() {
		ApiClient writer = this.anonymous.withToken(tokenOf("writer", List.of("JOBS_WRITE")));
		Response created = writer.post("/api/v1/jobs", JOB);
		assertThat(created.status()).isEqualTo(201);
		long jobId = created.body().get("id").asLong();
		assertThat(created.body().get("createdBy").asText()).isEqualTo("token:writer");
		assertThat(this.jdbc.queryForMap(
				"SELECT actor_type, actor_name FROM audit_log WHERE action = 'JOB_CREATE' AND object_id = ?",
				Long.toString(jobId)))
			.isEqualTo(Map.of("actor_type", "TOKEN", "actor_name", "token:writer"));
		assertThat(writer.post("/api/v1/jobs/" + jobId + "/disable", null).status()).isEqualTo(200);
		assertThat(writer.get("/api/v1/jobs/" + jobId).status()).isEqualTo(403);
		assertThat(writer.post("/api/v1/jobs/" + jobId + "/run", Map.of()).status()).isEqualTo(403);
		assertThat(writer.get("/api/v1/executions").status()).isEqualTo(403);

		ApiClient trigger = this.anonymous.withToken(tokenOf("trigger", List.of("RUNS_TRIGGER")));
		// the job is disabled: the refusal is the run feature's own, past authorization
		Response run = trigger.post("/api/v1/jobs/" + jobId + "/run", Map.of());
		assertThat(run.status()).as(run.body().toString()).isNotIn(401, 403);
		assertThat(trigger.put("/api/v1/jobs/" + jobId, JOB).status()).isEqualTo(403);
		assertThat(trigger.get("/api/v1/auth/me").status()).isEqualTo(403);

		ApiClient runsReader = this.anonymous.withToken(tokenOf("runs", List.of("RUNS_READ")));
		assertThat(runsReader.get("/api/v1/executions").status()).isEqualTo(200);
		assertThat(runsReader.get("/api/v1/jobs").status()).isEqualTo(403);
	}

	@Test
	void aRevokedOrExpiredTokenNoLongerSignsIn() {
		Response created = create("short", List.of("JOBS_READ"), 1);
		long id = created.body().get("serviceToken").get("id").asLong();
		ApiClient machine = this.anonymous.withToken(created.body().get("token").asText());
		assertThat(machine.get("/api/v1/jobs").status()).isEqualTo(200);
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM service_token WHERE id = ? AND last_used_at IS NOT NULL", Long.class, id))
			.isEqualTo(1);

		this.jdbc.update("UPDATE service_token SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE id = ?", id);
		assertThat(machine.get("/api/v1/jobs").status()).isEqualTo(401);
		assertThat(this.admin.get("/api/v1/service-tokens/" + id).body().get("status").asText()).isEqualTo("EXPIRED");

		Response other = create("revoked", List.of("JOBS_READ"), 30);
		long otherId = other.body().get("serviceToken").get("id").asLong();
		ApiClient revoked = this.anonymous.withToken(other.body().get("token").asText());
		assertThat(revoked.get("/api/v1/jobs").status()).isEqualTo(200);
		Response revocation = this.admin.post("/api/v1/service-tokens/" + otherId + "/revoke", null);
		assertThat(revocation.status()).isEqualTo(200);
		assertThat(revocation.body().get("status").asText()).isEqualTo("REVOKED");
		assertThat(revocation.body().get("revokedBy").asText()).isEqualTo("admin");
		assertThat(revoked.get("/api/v1/jobs").status()).isEqualTo(401);
		assertThat(this.admin.post("/api/v1/service-tokens/" + otherId + "/revoke", null).status()).isEqualTo(200);

		// created twice, revoked once (revoking again changes nothing), each by the admin
		assertThat(this.jdbc.queryForList(
				"SELECT action FROM audit_log WHERE object_type = 'SERVICE_TOKEN' AND actor_name = 'admin' ORDER BY id",
				String.class))
			.containsExactly("SERVICE_TOKEN_CREATE", "SERVICE_TOKEN_CREATE", "SERVICE_TOKEN_REVOKE");
		String revokeChanges = this.jdbc.queryForObject(
				"SELECT changes FROM audit_log WHERE action = 'SERVICE_TOKEN_REVOKE' AND object_id = ?", String.class,
				Long.toString(otherId));
		assertThat(revokeChanges).contains("status", "ACTIVE", "REVOKED");
		assertThat(this.jdbc.queryForObject("SELECT GROUP_CONCAT(changes) FROM audit_log", String.class))
			.doesNotContain(other.body().get("token").asText())
			.doesNotContain(created.body().get("token").asText());
	}

	@Test
	void refusesBadRequestsNamingTheFieldAndLetsOnlyAdminsManageTokens() {
		Response noScopes = create("x", List.of(), 30);
		assertThat(noScopes.status()).isEqualTo(400);
		assertThat(noScopes.errorFields()).contains("scopes");
		Response badScope = this.admin.post("/api/v1/service-tokens", Map.of("name", "x", "scopes", List.of("ALL")));
		assertThat(badScope.status()).isEqualTo(400);
		Response tooLong = create("x", List.of("JOBS_READ"), 366);
		assertThat(tooLong.status()).isEqualTo(400);
		assertThat(tooLong.errorFields()).contains("expiresInDays");
		Response badName = create("a b", List.of("JOBS_READ"), 30);
		assertThat(badName.errorFields()).contains("name");
		assertThat(create("dup", List.of("JOBS_READ"), 30).status()).isEqualTo(201);
		Response dup = create("dup", List.of("JOBS_READ"), 30);
		assertThat(dup.status()).isEqualTo(409);
		assertThat(dup.errorFields()).containsExactly("name");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM service_token", Long.class)).isEqualTo(1);
		assertThat(this.admin.post("/api/v1/service-tokens/999999/revoke", null).status()).isEqualTo(404);

		this.admin.post("/api/v1/users",
				Map.of("username", "op", "password", "operator-password-1", "role", "OPERATOR"));
		ApiClient operator = this.anonymous.login("op", "operator-password-1");
		assertThat(operator.get("/api/v1/service-tokens").status()).isEqualTo(403);
		assertThat(operator
			.post("/api/v1/service-tokens", Map.of("name", "mine", "scopes", List.of("JOBS_WRITE"), "expiresInDays", 1))
			.status()).isEqualTo(403);
	}

	private Response create(String name, List<String> scopes, int days) {
		return this.admin.post("/api/v1/service-tokens", Map.of("name", name, "scopes", scopes, "expiresInDays", days));
	}

	private String tokenOf(String name, List<String> scopes) {
		Response created = create(name, scopes, 30);
		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		return created.body().get("token").asText();
	}

	private static String concrete(String path, long id) {
		return path.replaceAll("\\{[^}]+}", Long.toString(id));
	}

	private static Object body(HttpMethod method) {
		return (method == HttpMethod.GET || method == HttpMethod.DELETE) ? null : Map.of();
	}

}
