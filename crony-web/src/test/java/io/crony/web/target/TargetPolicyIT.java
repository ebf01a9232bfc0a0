package io.crony.web.target;

import java.util.Map;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job whose target or status URL the policy denies, and an alert channel whose URL or
 * SMTP server it denies, are refused when saved, with a 400 naming the field and the
 * rule, and nothing is saved; every spelling of a denied address is denied. The default
 * policy (loopback denied) plus one deny entry.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + TargetPolicyIT.ADMIN_PASSWORD)
class TargetPolicyIT {

	static final String ADMIN_PASSWORD = "admin-password-policy-1";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		// the defaults a user gets: loopback denied
		registry.add("crony.target-policy.allow-loopback", () -> "false");
		registry.add("crony.target-policy.deny", () -> "*.internal.example.test");
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	private ApiClient api;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM alert_channel");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"http://169.254.169.254/latest/meta-data/ | 169.254.0.0/16 (link-local and cloud metadata)",
			"http://[fd00:ec2::254]/latest/ | cloud metadata", "http://127.0.0.1:9000/ok | loopback",
			"http://localhost:9000/ok | loopback",
			"https://vault.internal.example.test/v1/secret | *.internal.example.test (crony.target-policy.deny)",
			"static://169.254.169.254:9090/settle | link-local",
			// other spellings of a denied address
			"HTTP://169.254.169.254/ | link-local", "http://0xA9FEA9FE/ | link-local",
			"http://2852039166/latest/ | link-local", "http://[fe80::1%25eth0]/ | link-local",
			"http://[64:ff9b::a9fe:a9fe]/ | link-local", "http://[::169.254.169.254]/ | link-local",
			"http://LOCALHOST.:9000/ok | loopback" })
	void refusesADeniedTargetNamingTheRuleAndSavesNothing(String url, String rule) {
		Map<String, Object> job = Jobs.with(Jobs.http("ssrf"), "target.url", url);
		if (url.startsWith("static://")) {
			job = Jobs.with(Jobs.with(job, "target.type", "GRPC"), "target.method", null);
		}

		Response refused = this.api.post("/api/v1/jobs", job);

		assertThat(refused.status()).as(refused.body().toString()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("target.url");
		assertThat(refused.errorMessage("target.url")).contains("denied by the target policy").contains(rule);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
	}

	@Test
	void refusesTheWebsOwnEtcdAndDatabase() {
		String etcd = services.etcdEndpoint() + "/v3/kv/range";
		String database = services.jdbcUrl().replaceFirst("^jdbc:mysql://([^/]+)/.*$", "http://$1/");

		for (String url : new String[] { etcd, database }) {
			Response refused = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("platform"), "target.url", url));
			assertThat(refused.status()).as(url).isEqualTo(400);
			assertThat(refused.errorMessage("target.url")).contains("platform's own endpoint");
		}
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
	}

	@Test
	void refusesAStatusUrlOfTheWebsOwnEtcdNamingTheField() {
		Map<String, Object> job = Jobs.with(
				Jobs.with(Jobs.http("async-status"), "target.url", "http://203.0.113.10:8080/settle"), "target.mode",
				"ASYNC");

		for (String statusUrl : new String[] { services.etcdEndpoint() + "/version",
				"HTTP://169.254.169.254/${executionId}" }) {
			Response refused = this.api.post("/api/v1/jobs", Jobs.with(job, "target.statusUrl", statusUrl));

			assertThat(refused.status()).as(refused.body().toString()).isEqualTo(400);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.errorFields()).as(statusUrl).containsExactly("target.statusUrl");
			assertThat(refused.errorMessage("target.statusUrl")).contains("denied by the target policy");
		}
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
		Response path = this.api.post("/api/v1/jobs", Jobs.with(job, "target.statusUrl", "/status/${executionId}"));
		assertThat(path.status()).as("a path goes to the instance that took the call").isEqualTo(201);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "WEBHOOK | http://169.254.169.254/latest/ | config.url",
					"WEBHOOK | http://[fd00:ec2::254]/ | config.url", "FEISHU | HTTP://0xA9FEA9FE/hook | config.url",
					"DINGTALK | https://[64:ff9b::a9fe:a9fe]/robot/send?access_token=x | config.url",
					"WEBHOOK | http://127.0.0.1:8080/api/v1/jobs | config.url", "MAIL | 169.254.169.254 | config.host",
					"MAIL | localhost. | config.host" })
	void refusesAnAlertChannelToADeniedAddressNamingTheField(String type, String address, String field) {
		Map<String, Object> config = new java.util.LinkedHashMap<>();
		if (type.equals("MAIL")) {
			config.put("host", address);
			config.put("port", 25);
			config.put("security", "NONE");
			config.put("from", "crony@example.com");
			config.put("to", java.util.List.of("ops@example.com"));
		}
		else {
			config.put("url", address);
		}
		Map<String, Object> channel = new java.util.LinkedHashMap<>();
		channel.put("name", "ssrf-" + type);
		channel.put("type", type);
		channel.put("config", config);
		if (!type.equals("MAIL")) {
			channel.put("secret", "SECsigning-secret");
		}

		Response refused = this.api.post("/api/v1/alert-channels", channel);

		assertThat(refused.status()).as(refused.body().toString()).isEqualTo(400);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.errorFields()).containsExactly(field);
		assertThat(refused.errorMessage(field)).contains("denied by the target policy");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Integer.class)).isZero();
	}

	@Test
	void refusesAnUpdateToADeniedTargetAndKeepsTheJob() {
		Response created = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("moves"), "target.url", "http://203.0.113.10:8080/settle"));
		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		Map<String, Object> update = Jobs.with(Jobs.with(Jobs.http("moves"), "target.url", "http://169.254.169.254/"),
				"version", created.body().path("version").asLong());

		Response refused = this.api.put("/api/v1/jobs/" + created.id(), update);

		assertThat(refused.status()).isEqualTo(400);
		assertThat(this.api.get("/api/v1/jobs/" + created.id()).body().at("/target/url").asText())
			.isEqualTo("http://203.0.113.10:8080/settle");
	}

}
