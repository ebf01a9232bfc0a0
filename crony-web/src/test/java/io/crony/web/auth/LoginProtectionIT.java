package io.crony.web.auth;

import java.util.Map;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sign-in throttling and the password policy, against the real server with the default
 * limits (5 failures per user, 20 per address, in 5 minutes). Every refusal changes
 * nothing: no user made, the old password still signs in. The per-address test runs last:
 * it leaves this context's only client address throttled.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + LoginProtectionIT.ADMIN_PASSWORD)
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LoginProtectionIT {

	static final String ADMIN_PASSWORD = "first-admin-lantern-7";

	private static final String GOOD_PASSWORD = "violet-harbour-93";

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
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
	}

	@Test
	@Order(1)
	void throttlesAUserAfterFiveFailuresEvenWithTheRightPassword(CapturedOutput log) {
		createUser("tess", GOOD_PASSWORD);
		for (int i = 0; i < 5; i++) {
			assertThat(login("tess", "wrong-password-" + i).status()).isEqualTo(401);
		}

		Response throttled = login("tess", GOOD_PASSWORD);

		assertThat(throttled.status()).isEqualTo(429);
		assertThat(throttled.isProblem()).isTrue();
		assertThat(throttled.body().path("detail").asText()).contains("try again in");
		assertThat(log.getOut()).contains("Sign-in throttled for user tess from 127.0.0.1");
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM auth_token t JOIN app_user u ON u.id = t.user_id " + "WHERE u.username = 'tess'",
				Integer.class))
			.as("no token issued while throttled")
			.isZero();
		assertThat(login("admin", ADMIN_PASSWORD).status()).as("another user is not throttled").isEqualTo(200);
	}

	@Test
	@Order(2)
	void answersRetryAfterWithTheThrottle() throws Exception {
		for (int i = 0; i < 5; i++) {
			login("ghost", "wrong-password-" + i);
		}
		java.net.http.HttpResponse<String> raw = java.net.http.HttpClient.newHttpClient()
			.send(java.net.http.HttpRequest
				.newBuilder(java.net.URI.create("http://127.0.0.1:" + this.port + "/api/v1/auth/login"))
				.header("Content-Type", "application/json")
				.POST(java.net.http.HttpRequest.BodyPublishers
					.ofString("{\"username\":\"ghost\",\"password\":\"anything-at-all\"}"))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString());

		assertThat(raw.statusCode()).isEqualTo(429);
		long retryAfter = Long.parseLong(raw.headers().firstValue("Retry-After").orElseThrow());
		assertThat(retryAfter).isBetween(1L, 300L);
	}

	@ParameterizedTest
	@CsvSource({ "nina, short-pw-1, must be at least 12 characters", "nina, Nina_1234567890, must not be the user name",
			"nina, qwertyuiop123, is too common", "nina, Password-2024!, is too common" })
	@Order(3)
	void refusesAPasswordThatBreaksThePolicyAndCreatesNoUser(String username, String password, String rule) {
		Response refused = this.admin.post("/api/v1/users",
				Map.of("username", username, "password", password, "role", "VIEWER"));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("password");
		assertThat(refused.errorMessage("password")).contains(rule);
		assertThat(
				this.jdbc.queryForObject("SELECT COUNT(*) FROM app_user WHERE username = ?", Integer.class, username))
			.isZero();
	}

	@Test
	@Order(4)
	void refusesAWeakNewPasswordAndKeepsTheOldOne() {
		long id = createUser("omar", GOOD_PASSWORD);

		Response refused = this.admin.put("/api/v1/users/" + id, Map.of("password", "omar-1234567890"));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorMessage("password")).contains("user name");
		assertThat(login("omar", GOOD_PASSWORD).status()).isEqualTo(200);
	}

	@Test
	@Order(5)
	void refusesAPasswordLongerThanTheHashReadsWithA400(CapturedOutput log) {
		String tooLong = "ü".repeat(37);
		Response create = this.admin.post("/api/v1/users",
				Map.of("username", "lena", "password", tooLong, "role", "VIEWER"));
		Response signIn = login("admin", tooLong);

		assertThat(create.status()).isEqualTo(400);
		assertThat(create.errorMessage("password")).contains("72 bytes");
		assertThat(signIn.status()).isEqualTo(400);
		assertThat(signIn.errorFields()).containsExactly("password");
		assertThat(log.getOut()).doesNotContain("\tat ");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM app_user WHERE username = 'lena'", Integer.class))
			.isZero();
	}

	@Test
	@Order(6)
	void throttlesAnAddressAfterTwentyFailuresAcrossUserNames() {
		// each name fails once, so only the address's count (20, with the failures of the
		// tests before) can refuse one
		Response last = null;
		for (int i = 0; i <= 20 && (last == null || last.status() != 429); i++) {
			last = login("spray-" + i, "wrong-password");
		}

		assertThat(last.status()).isEqualTo(429);
		assertThat(login("admin", ADMIN_PASSWORD).status()).as("the right password from that address too")
			.isEqualTo(429);
	}

	private Response login(String username, String password) {
		return this.anonymous.post("/api/v1/auth/login", Map.of("username", username, "password", password));
	}

	private long createUser(String username, String password) {
		Response created = this.admin.post("/api/v1/users",
				Map.of("username", username, "password", password, "role", "VIEWER"));
		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		return created.id();
	}

}
