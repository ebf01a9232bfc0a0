package io.crony.web.secret;

import java.util.Map;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
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
 * Secrets are write-only and encrypted at rest: a secret target header and an alert
 * channel's secret read back as a mask to every role, an update that sends the mask keeps
 * the stored value, and the database row and the etcd spec hold only ciphertext.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + SecretsIT.ADMIN_PASSWORD)
class SecretsIT {

	static final String ADMIN_PASSWORD = "admin-password-secrets-1";

	private static final String TOKEN = "Bearer s3cr3t-upstream-token";

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

	private ApiClient viewer;

	@BeforeEach
	void signIn() {
		ApiClient anonymous = ApiClient.anonymous(this.port);
		this.admin = anonymous.login("admin", ADMIN_PASSWORD);
		this.viewer = Users.create(this.admin, "vera", "VIEWER");
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM alert_channel");
		this.jdbc.update("DELETE FROM auth_token");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
	}

	@Test
	void showsSecretHeadersMaskedToEveryRoleAndStoresThemEncrypted() {
		Map<String, Object> job = Jobs.with(Jobs.http("secret-headers"), "target.headers",
				Map.of("Authorization", TOKEN, "X-Tenant", "acme", "X-Signing", "marked-secret"));
		job = Jobs.with(job, "target.secretHeaders", java.util.List.of("X-Signing"));

		Response created = this.admin.post("/api/v1/jobs", job);

		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		for (ApiClient reader : new ApiClient[] { this.admin, this.viewer }) {
			Response read = reader.get("/api/v1/jobs/" + created.id());
			assertThat(read.body().at("/target/headers/Authorization").asText()).isEqualTo("******");
			assertThat(read.body().at("/target/headers/X-Signing").asText()).isEqualTo("******");
			assertThat(read.body().at("/target/headers/X-Tenant").asText()).isEqualTo("acme");
			assertThat(reader.get("/api/v1/jobs").body().toString()).doesNotContain("s3cr3t");
		}
		String row = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, created.id());
		assertThat(row).doesNotContain("s3cr3t").doesNotContain("marked-secret").contains("enc:v1:");
	}

	@Test
	void keepsTheStoredSecretWhenAnUpdateSendsTheMask() {
		Map<String, Object> job = Jobs.with(Jobs.http("keeps"), "target.headers", Map.of("Authorization", TOKEN));
		Response created = this.admin.post("/api/v1/jobs", job);
		String sealed = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, created.id());

		Map<String, Object> update = Jobs.with(Jobs.with(job, "target.headers", Map.of("Authorization", "******")),
				"version", created.body().path("version").asLong());
		update = Jobs.with(update, "description", "changed");
		Response updated = this.admin.put("/api/v1/jobs/" + created.id(), update);

		assertThat(updated.status()).as(updated.body().toString()).isEqualTo(200);
		String after = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, created.id());
		assertThat(secretOf(after)).isEqualTo(secretOf(sealed));
	}

	@Test
	void refusesTheMaskForAHeaderWithNoStoredSecretAndSavesNothing() {
		Response refused = this.admin.post("/api/v1/jobs",
				Jobs.with(Jobs.http("no-secret"), "target.headers", Map.of("Authorization", "******")));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("target.headers.Authorization");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
	}

	@Test
	void storesAChannelSecretEncryptedAndKeepsItWhenTheMaskIsSent() {
		Map<String, Object> channel = Map.of("name", "hooks", "type", "WEBHOOK", "config",
				Map.of("url", "https://hooks.example.com/crony"), "secret", "channel-signing-secret");
		Response created = this.admin.post("/api/v1/alert-channels", channel);
		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		String stored = this.jdbc.queryForObject("SELECT secret FROM alert_channel WHERE id = ?", String.class,
				created.id());
		assertThat(stored).startsWith("enc:v1:").doesNotContain("channel-signing-secret");
		assertThat(this.viewer.get("/api/v1/alert-channels/" + created.id()).body().toString())
			.doesNotContain("channel-signing-secret");
		// a bot's URL carries its token: sealed at rest, masked when read
		assertThat(created.body().at("/config/url").asText()).isEqualTo("https://hooks.example.com/******");
		String config = this.jdbc.queryForObject("SELECT config FROM alert_channel WHERE id = ?", String.class,
				created.id());
		assertThat(config).contains("enc:v1:").doesNotContain("hooks.example.com");

		Map<String, Object> update = new java.util.HashMap<>(channel);
		update.put("secret", "******");
		update.put("config", Map.of("url", "https://hooks.example.com/******"));
		update.put("name", "hooks-renamed");
		assertThat(this.admin.put("/api/v1/alert-channels/" + created.id(), update).status()).isEqualTo(200);

		assertThat(
				this.jdbc.queryForObject("SELECT secret FROM alert_channel WHERE id = ?", String.class, created.id()))
			.isEqualTo(stored);
	}

	@Test
	void anOperatorCannotSendAJobsStoredSecretsToAnotherDestination() {
		ApiClient operator = Users.create(this.admin, "otto", "OPERATOR");
		Map<String, Object> job = Jobs.with(Jobs.http("bound"), "target.headers",
				Map.of("Authorization", TOKEN, "X-Api-Key", "s3cr3t-api-key", "X-Tenant", "acme"));
		Response created = this.admin.post("/api/v1/jobs", job);
		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		String stored = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, created.id());
		Map<String, Object> masked = Jobs.with(
				Jobs.with(job, "target.headers",
						Map.of("Authorization", "******", "X-Api-Key", "******", "X-Tenant", "acme")),
				"version", created.body().path("version").asLong());

		for (String elsewhere : new String[] { "http://localhost:9000/settle", "https://127.0.0.1:9000/settle",
				"http://127.0.0.1:9001/settle", "lb://attacker/settle" }) {
			Response stolen = operator.put("/api/v1/jobs/" + created.id(), Jobs.with(masked, "target.url", elsewhere));

			assertThat(stolen.status()).as(elsewhere + ": " + stolen.body()).isEqualTo(400);
			assertThat(stolen.errorFields()).as(elsewhere)
				.containsExactlyInAnyOrder("target.url", "target.headers.Authorization", "target.headers.X-Api-Key");
			assertThat(stolen.errorMessage("target.url")).contains("enter it again");
		}
		Response statusElsewhere = operator.put("/api/v1/jobs/" + created.id(), Jobs
			.with(Jobs.with(masked, "target.mode", "ASYNC"), "target.statusUrl", "http://localhost:9000/status"));
		assertThat(statusElsewhere.status()).as(statusElsewhere.body().toString()).isEqualTo(400);
		assertThat(statusElsewhere.errorFields()).contains("target.statusUrl", "target.headers.Authorization");
		assertThat(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, created.id()))
			.isEqualTo(stored);

		// another path at the same destination keeps the secrets; a new destination takes
		// them entered again
		Response samePlace = operator.put("/api/v1/jobs/" + created.id(),
				Jobs.with(masked, "target.url", "http://127.0.0.1:9000/other-path"));
		assertThat(samePlace.status()).as(samePlace.body().toString()).isEqualTo(200);
		Map<String, Object> moved = Jobs.with(Jobs.with(job, "target.url", "http://localhost:9000/settle"), "version",
				samePlace.body().path("version").asLong());
		assertThat(operator.put("/api/v1/jobs/" + created.id(), moved).status()).isEqualTo(200);
	}

	@Test
	void aChannelsKeptSecretCannotBeSentToAnotherServer() {
		Map<String, Object> mail = new java.util.LinkedHashMap<>(
				Map.of("name", "mail-bound", "type", "MAIL", "config",
						Map.of("host", "smtp.example.com", "port", 587, "username", "crony", "security", "STARTTLS",
								"from", "crony@example.com", "to", java.util.List.of("ops@example.com")),
						"secret", "smtp-password"));
		long mailId = this.admin.post("/api/v1/alert-channels", mail).id();
		Map<String, Object> hook = new java.util.LinkedHashMap<>(Map.of("name", "hook-bound", "type", "WEBHOOK",
				"config", Map.of("url", "https://hooks.example.com/crony"), "secret", "channel-signing-secret"));
		long hookId = this.admin.post("/api/v1/alert-channels", hook).id();
		String before = this.jdbc.queryForList("SELECT secret, config FROM alert_channel ORDER BY id").toString();

		mail.put("secret", "******");
		mail.put("config", Map.of("host", "smtp.attacker.example", "port", 25, "username", "crony", "security", "NONE",
				"from", "crony@example.com", "to", java.util.List.of("ops@example.com")));
		Response mailMoved = this.admin.put("/api/v1/alert-channels/" + mailId, mail);
		assertThat(mailMoved.status()).as(mailMoved.body().toString()).isEqualTo(400);
		assertThat(mailMoved.errorFields()).containsExactlyInAnyOrder("config.host", "config.port", "config.security",
				"secret");

		hook.remove("secret");
		hook.put("config", Map.of("url", "https://attacker.example/crony"));
		Response hookMoved = this.admin.put("/api/v1/alert-channels/" + hookId, hook);
		assertThat(hookMoved.status()).as(hookMoved.body().toString()).isEqualTo(400);
		assertThat(hookMoved.errorFields()).containsExactlyInAnyOrder("config.url", "secret");
		assertThat(this.jdbc.queryForList("SELECT secret, config FROM alert_channel ORDER BY id").toString())
			.isEqualTo(before);

		hook.put("config", Map.of("url", "https://hooks.example.com/another-path"));
		assertThat(this.admin.put("/api/v1/alert-channels/" + hookId, hook).status()).isEqualTo(200);
		hook.put("config", Map.of("url", "https://new-hooks.example.com/crony"));
		hook.put("secret", "a-new-signing-secret");
		assertThat(this.admin.put("/api/v1/alert-channels/" + hookId, hook).status()).isEqualTo(200);
	}

	@Test
	void refusesToStartWhenStoredSecretsExistAndTheKeyIsMissingOrWrong() {
		this.admin.post("/api/v1/alert-channels", Map.of("name", "sealed", "type", "WEBHOOK", "config",
				Map.of("url", "https://hooks.example.com/crony"), "secret", "channel-signing-secret"));

		for (String key : new String[] { "", "b3RoZXIta2V5LW9mLTMyLWJ5dGVzLS0tLS0tLS0tLS0=" }) {
			Map<String, String> properties = new java.util.LinkedHashMap<>(services.properties());
			properties.put("crony.secrets.key", key);
			properties.put("server.port", "0");
			properties.put("grpc.server.port", "0");
			String[] args = properties.entrySet()
				.stream()
				.map((entry) -> "--" + entry.getKey() + "=" + entry.getValue())
				.toArray(String[]::new);
			Throwable failure = org.assertj.core.api.Assertions
				.catchThrowable(() -> new org.springframework.boot.builder.SpringApplicationBuilder(
						io.crony.web.CronyWebApplication.class)
					.run(args)
					.close());
			assertThat(failure).as("key '%s'", key).isNotNull();
			assertThat(rootCause(failure))
				.hasMessageContaining("stored secrets are encrypted under a key this instance")
				.hasMessageContaining("CRONY_SECRET_KEY");
		}
	}

	private static Throwable rootCause(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null) {
			root = root.getCause();
		}
		return root;
	}

	private static String secretOf(String spec) {
		int start = spec.indexOf("enc:v1:");
		return spec.substring(start, spec.indexOf('"', start));
	}

}
