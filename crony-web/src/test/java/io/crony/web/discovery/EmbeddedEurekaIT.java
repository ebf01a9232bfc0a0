package io.crony.web.discovery;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * crony-web with its embedded Eureka server on, registering itself in it as
 * {@code crony-web} with the registry user in its Eureka URL; the API keeps answering
 * JSON although Eureka brings an XML codec. Anonymous or wrong credentials can neither
 * register, renew nor remove an instance, nor read the registry.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class EmbeddedEurekaIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int PORT = freePort();

	private static final String PASSWORD = "eureka-admin-1";

	private static final String REGISTRY_PASSWORD = "registry-secret-1";

	private static final String REGISTRY_AUTH = basic("crony-registry", REGISTRY_PASSWORD);

	private final HttpClient http = HttpClient.newHttpClient();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("server.port", () -> PORT);
		registry.add("crony.web.admin.initial-password", () -> PASSWORD);
		registry.add("crony.web.eureka-server.enabled", () -> "true");
		registry.add("crony.web.eureka-server.password", () -> REGISTRY_PASSWORD);
		registry.add("eureka.client.enabled", () -> "true");
		registry.add("eureka.client.service-url.defaultZone",
				() -> "http://crony-registry:" + REGISTRY_PASSWORD + "@127.0.0.1:" + PORT + "/eureka/");
		registry.add("eureka.instance.hostname", () -> "127.0.0.1");
		registry.add("eureka.client.initial-instance-info-replication-interval-seconds", () -> "1");
		registry.add("eureka.client.instance-info-replication-interval-seconds", () -> "1");
	}

	@Test
	void registersItselfAsCronyWebInItsOwnEureka() {
		await("crony-web in Eureka").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> {
			HttpResponse<String> apps = send(get("/eureka/apps/CRONY-WEB"), REGISTRY_AUTH);
			return apps.statusCode() == 200 && apps.body().contains("\"port\"") && apps.body().contains("UP");
		});
	}

	@Test
	void refusesAnonymousRegistrationAndChangesNothing() throws Exception {
		HttpResponse<String> anonymous = send(register("intruder", "intruder-1", 6666), null);
		assertRefused(anonymous);
		HttpResponse<String> wrong = send(register("intruder", "intruder-1", 6666),
				basic("crony-registry", "not-the-password"));
		assertRefused(wrong);
		assertThat(send(get("/eureka/apps/INTRUDER/intruder-1"), REGISTRY_AUTH).statusCode()).isEqualTo(404);
	}

	@Test
	void refusesAnonymousRemovalAndReplacementOfARegisteredInstance() throws Exception {
		assertThat(send(register("billing", "billing-1", 7001), REGISTRY_AUTH).statusCode()).isEqualTo(204);

		assertRefused(send(delete("/eureka/apps/BILLING/billing-1"), null));
		assertRefused(send(register("billing", "billing-1", 6666), null));
		assertRefused(send(statusOverride("/eureka/apps/BILLING/billing-1/status?value=OUT_OF_SERVICE"), null));
		assertRefused(send(renew("/eureka/apps/BILLING/billing-1"), null));
		// a Crony user is not the registry user: it may read, not write
		String user = "Bearer " + login();
		HttpResponse<String> asUser = send(delete("/eureka/apps/BILLING/billing-1"), user);
		assertThat(asUser.statusCode()).isEqualTo(403);

		HttpResponse<String> instance = send(get("/eureka/apps/BILLING/billing-1"), user);
		assertThat(instance.statusCode()).isEqualTo(200);
		assertThat(instance.body()).contains("\"$\":7001").contains("\"status\":\"UP\"").doesNotContain("6666");

		assertThat(send(delete("/eureka/apps/BILLING/billing-1"), REGISTRY_AUTH).statusCode()).isEqualTo(200);
		assertThat(send(get("/eureka/apps/BILLING/billing-1"), REGISTRY_AUTH).statusCode()).isEqualTo(404);
	}

	@Test
	void refusesAnonymousReadsOfTheRegistry() throws Exception {
		assertRefused(send(get("/eureka/apps/"), null));
		assertThat(send(get("/eureka/apps/"), REGISTRY_AUTH).statusCode()).isEqualTo(200);
	}

	@Test
	void apiStillAnswersJsonToAnyAcceptHeader() throws Exception {
		HttpResponse<String> login = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/api/v1/auth/login"))
				.header("Accept", "*/*")
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"admin\",\"password\":\"" + PASSWORD + "\"}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
		assertThat(login.headers().firstValue("Content-Type").orElse("")).contains("json");
		assertThat(login.body()).startsWith("{");
	}

	private static void assertRefused(HttpResponse<String> response) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
		assertThat(response.headers().firstValue("WWW-Authenticate").orElse("")).startsWith("Basic");
		assertThat(response.headers().firstValue("Content-Type").orElse("")).contains("application/problem+json");
	}

	private HttpRequest.Builder register(String app, String instanceId, int port) {
		String json = """
				{"instance": {"instanceId": "%s", "hostName": "127.0.0.1", "app": "%s", "ipAddr": "127.0.0.1",
				  "status": "UP", "vipAddress": "%s", "port": {"$": %d, "@enabled": "true"},
				  "securePort": {"$": 443, "@enabled": "false"},
				  "dataCenterInfo": {"@class": "com.netflix.appinfo.InstanceInfo$DefaultDataCenterInfo", "name": "MyOwn"},
				  "leaseInfo": {"durationInSecs": 90}}}
				"""
			.formatted(instanceId, app.toUpperCase(), app, port);
		return request("/eureka/apps/" + app.toUpperCase()).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json));
	}

	private HttpRequest.Builder get(String path) {
		return request(path).header("Accept", "application/json").GET();
	}

	private HttpRequest.Builder delete(String path) {
		return request(path).DELETE();
	}

	private HttpRequest.Builder statusOverride(String path) {
		return request(path).PUT(HttpRequest.BodyPublishers.noBody());
	}

	private HttpRequest.Builder renew(String path) {
		return request(path).PUT(HttpRequest.BodyPublishers.noBody());
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + path));
	}

	private HttpResponse<String> send(HttpRequest.Builder request, String authorization)
			throws IOException, InterruptedException {
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private String login() throws IOException, InterruptedException {
		HttpResponse<String> login = send(request("/api/v1/auth/login").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"admin\",\"password\":\"" + PASSWORD + "\"}")),
				null);
		assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
		return login.body().replaceAll(".*\"token\":\"([^\"]*)\".*", "$1");
	}

	private static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
