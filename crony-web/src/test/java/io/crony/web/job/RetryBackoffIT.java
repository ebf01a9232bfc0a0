package io.crony.web.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.BackoffStrategy;
import io.crony.common.job.JobSpec;
import io.crony.common.job.RetryPolicy;
import io.crony.common.json.CronyJson;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.EtcdProbe;
import io.crony.web.support.Jobs;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * A job's retry backoff through the API: FIXED or EXPONENTIAL with multiplier, maximum
 * and jitter, saved and read back; every bad value a 400 naming its field with nothing
 * saved; the shape from before (only {@code maxAttempts} and {@code backoffSeconds}), in
 * a request and in a stored spec, still a fixed wait.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + RetryBackoffIT.ADMIN_PASSWORD)
class RetryBackoffIT {

	static final String ADMIN_PASSWORD = "admin-password-backoff";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	private static final CronyKeys KEYS = new CronyKeys(services.keyPrefix());

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	private ApiClient api;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
	}

	@Test
	void savesAnExponentialBackoffAndReadsItBack() {
		Map<String, Object> retry = retry(4, "EXPONENTIAL", 1);
		retry.put("multiplier", 2.5);
		retry.put("maxBackoffSeconds", 30);
		retry.put("jitter", 0.3);
		Response created = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("exponential"), "retry", retry));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		long id = created.id();

		JsonNode read = this.api.get("/api/v1/jobs/" + id).body().get("retry");
		assertThat(read.get("maxAttempts").asInt()).isEqualTo(4);
		assertThat(read.get("backoff").asText()).isEqualTo("EXPONENTIAL");
		assertThat(read.get("backoffSeconds").asInt()).isEqualTo(1);
		assertThat(read.get("multiplier").asDouble()).isEqualTo(2.5);
		assertThat(read.get("maxBackoffSeconds").asInt()).isEqualTo(30);
		assertThat(read.get("jitter").asDouble()).isEqualTo(0.3);
		assertThat(specOf(id).retry()).isEqualTo(RetryPolicy.exponential(4, 1, 2.5, 30, 0.3));

		// what was read goes back as it came (the dashboard's edit)
		Map<String, Object> again = Jobs.with(Jobs.http("exponential"), "retry",
				CronyJson.mapper().convertValue(read, Map.class));
		Response updated = this.api.put("/api/v1/jobs/" + id, Jobs.with(again, "retry.maxBackoffSeconds", 60));
		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
		assertThat(specOf(id).retry()).isEqualTo(RetryPolicy.exponential(4, 1, 2.5, 60, 0.3));
	}

	@Test
	void fillsTheExponentialDefaults() {
		Map<String, Object> retry = new LinkedHashMap<>(Map.of("maxAttempts", 5, "backoff", "EXPONENTIAL"));
		Response created = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("defaults"), "retry", retry));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		JsonNode read = created.body().get("retry");
		assertThat(read.get("backoffSeconds").asInt()).isEqualTo(1);
		assertThat(read.get("multiplier").asDouble()).isEqualTo(2.0);
		assertThat(read.get("maxBackoffSeconds").asInt()).isEqualTo(3600);
		assertThat(read.get("jitter").asDouble()).isEqualTo(0.2);
	}

	static Stream<Arguments> badRetries() {
		return Stream.of(arguments(Map.of("backoff", "LINEAR"), "retry.backoff", "[FIXED, EXPONENTIAL]"),
				arguments(exponential("multiplier", 1), "retry.multiplier", "greater than 1"),
				arguments(exponential("multiplier", 0.5), "retry.multiplier", "greater than 1"),
				arguments(exponential("multiplier", 10.5), "retry.multiplier", "less than or equal to 10"),
				arguments(exponential("multiplier", "fast"), "retry.multiplier", "a number"),
				arguments(exponential("maxBackoffSeconds", 0), "retry.maxBackoffSeconds", "greater than or equal to 1"),
				arguments(exponential("maxBackoffSeconds", 86401), "retry.maxBackoffSeconds",
						"less than or equal to 86400"),
				arguments(with(exponential("backoffSeconds", 30), "maxBackoffSeconds", 10), "retry.maxBackoffSeconds",
						"at least backoffSeconds (30)"),
				arguments(exponential("backoffSeconds", 0), "retry.backoffSeconds", "at least 1 with EXPONENTIAL"),
				arguments(exponential("backoffSeconds", 3601), "retry.backoffSeconds", "less than or equal to 3600"),
				arguments(exponential("jitter", -0.1), "retry.jitter", "greater than or equal to 0"),
				arguments(exponential("jitter", 1.5), "retry.jitter", "less than or equal to 1"),
				arguments(Map.of("backoff", "FIXED", "multiplier", 2), "retry.multiplier", "EXPONENTIAL backoff only"),
				arguments(Map.of("maxBackoffSeconds", 60), "retry.maxBackoffSeconds", "EXPONENTIAL backoff only"),
				arguments(Map.of("jitter", 2), "retry.jitter", "less than or equal to 1"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badRetries")
	void refusesABadBackoffNamingTheFieldAndSavingNothing(Map<String, Object> change, String field, String why) {
		Map<String, Object> retry = retry(4, null, 5);
		retry.putAll(change);
		Response response = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("bad-backoff"), "retry", retry));
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.contentType().isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)).isTrue();
		assertThat(response.errorFields()).as("%s", response.body()).contains(field);
		assertThat(response.errorMessage(field)).as("%s", response.body()).contains(why);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();
		assertThat(new EtcdProbe(this.etcd).dataKeys(KEYS)).isEmpty();
	}

	@Test
	void leavesTheJobAsItWasWhenAnUpdateHasABadBackoff() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("keep-backoff")).id();
		String before = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id);
		Map<String, Object> bad = Jobs.with(Jobs.http("keep-backoff"), "retry", exponential("multiplier", 11));
		Response response = this.api.put("/api/v1/jobs/" + id, bad);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactly("retry.multiplier");
		assertThat(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id)).isEqualTo(before);
	}

	@Test
	void takesTheShapeFromBeforeTheBackoffStrategyAsAFixedWait() {
		// only maxAttempts and backoffSeconds, as clients sent before
		Response created = this.api.post("/api/v1/jobs", Jobs.http("old-style"));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		JsonNode read = created.body().get("retry");
		assertThat(read.get("maxAttempts").asInt()).isEqualTo(3);
		assertThat(read.get("backoffSeconds").asInt()).isEqualTo(5);
		assertThat(read.get("backoff").asText()).isEqualTo("FIXED");
		assertThat(read.get("jitter").asDouble()).isZero();
		assertThat(read.has("multiplier")).isFalse();
		assertThat(read.has("maxBackoffSeconds")).isFalse();
		assertThat(specOf(created.id()).retry()).isEqualTo(new RetryPolicy(3, 5));
	}

	@Test
	void readsASpecStoredBeforeTheBackoffStrategyAsAFixedWait() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("stored-before")).id();
		// the row as a crony-web without the backoff strategy wrote it
		ObjectNode spec = (ObjectNode) CronyJson.mapper()
			.valueToTree(CronyJson.fromJson(
					this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id), JobSpec.class));
		spec.putObject("retry").put("maxAttempts", 3).put("backoffSeconds", 5);
		this.jdbc.update("UPDATE job SET spec = ? WHERE id = ?", spec.toString(), id);

		JsonNode read = this.api.get("/api/v1/jobs/" + id).body();
		assertThat(read.at("/retry/backoff").asText()).isEqualTo("FIXED");
		assertThat(read.at("/retry/backoffSeconds").asInt()).isEqualTo(5);
		assertThat(specOf(id).retry().backoff()).isEqualTo(BackoffStrategy.FIXED);

		// rewritten by disabling, and by an update sending back what was read
		assertThat(this.api.post("/api/v1/jobs/" + id + "/disable", null).status()).isEqualTo(200);
		assertThat(specOf(id).retry()).isEqualTo(new RetryPolicy(3, 5));
		Map<String, Object> again = Jobs.with(Jobs.http("stored-before"), "retry",
				CronyJson.mapper().convertValue(read.get("retry"), Map.class));
		Response updated = this.api.put("/api/v1/jobs/" + id, again);
		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
		assertThat(specOf(id).retry()).isEqualTo(new RetryPolicy(3, 5));
	}

	@Test
	void describesTheBackoffFieldsAndTheirBoundsInTheOpenApiDocument() {
		JsonNode schemas = this.api.get("/v3/api-docs").body().at("/components/schemas");
		JsonNode request = schemas.at("/RetryRequest/properties");
		assertThat(request.fieldNames()).toIterable()
			.containsExactlyInAnyOrder("maxAttempts", "backoff", "backoffSeconds", "multiplier", "maxBackoffSeconds",
					"jitter");
		assertThat(request.at("/multiplier/description").asText()).contains("EXPONENTIAL only");
		assertThat(request.at("/backoff/enum")).extracting(JsonNode::asText).containsExactly("FIXED", "EXPONENTIAL");
		assertThat(request.at("/multiplier/minimum").asDouble()).isEqualTo(1.0);
		assertThat(request.at("/multiplier/exclusiveMinimum").asBoolean()).isTrue();
		assertThat(request.at("/multiplier/maximum").asDouble()).isEqualTo(10.0);
		assertThat(request.at("/maxBackoffSeconds/minimum").asInt()).isEqualTo(1);
		assertThat(request.at("/maxBackoffSeconds/maximum").asInt()).isEqualTo(86400);
		assertThat(request.at("/jitter/minimum").asDouble()).isZero();
		assertThat(request.at("/jitter/maximum").asDouble()).isEqualTo(1.0);
		assertThat(request.at("/backoffSeconds/maximum").asInt()).isEqualTo(3600);
		assertThat(schemas.at("/RetryPolicy/properties").fieldNames()).toIterable()
			.containsExactlyInAnyOrder("maxAttempts", "backoff", "backoffSeconds", "multiplier", "maxBackoffSeconds",
					"jitter");
	}

	private JobSpec specOf(long id) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id),
				JobSpec.class);
	}

	private static Map<String, Object> retry(int maxAttempts, String backoff, int backoffSeconds) {
		Map<String, Object> retry = new LinkedHashMap<>();
		retry.put("maxAttempts", maxAttempts);
		if (backoff != null) {
			retry.put("backoff", backoff);
		}
		retry.put("backoffSeconds", backoffSeconds);
		return retry;
	}

	private static Map<String, Object> exponential(String field, Object value) {
		return with(retry(4, "EXPONENTIAL", 1), field, value);
	}

	private static Map<String, Object> with(Map<String, Object> retry, String field, Object value) {
		Map<String, Object> copy = new LinkedHashMap<>(retry);
		copy.put(field, value);
		return copy;
	}

}
