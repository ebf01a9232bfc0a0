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
 * A job whose target the policy denies is refused when saved, with a 400 naming
 * {@code target.url} and the rule, and nothing is saved. The default policy (loopback
 * denied) plus one deny entry.
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
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"http://169.254.169.254/latest/meta-data/ | 169.254.0.0/16 (link-local and cloud metadata)",
			"http://[fd00:ec2::254]/latest/ | cloud metadata", "http://127.0.0.1:9000/ok | loopback",
			"http://localhost:9000/ok | loopback",
			"https://vault.internal.example.test/v1/secret | *.internal.example.test (crony.target-policy.deny)",
			"static://169.254.169.254:9090/settle | link-local" })
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
