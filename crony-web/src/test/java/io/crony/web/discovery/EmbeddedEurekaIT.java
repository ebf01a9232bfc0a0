package io.crony.web.discovery;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

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
 * {@code crony-web}; the API keeps answering JSON although Eureka brings an XML codec.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class EmbeddedEurekaIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int PORT = freePort();

	private static final String PASSWORD = "eureka-admin-1";

	private final HttpClient http = HttpClient.newHttpClient();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("server.port", () -> PORT);
		registry.add("crony.web.admin.initial-password", () -> PASSWORD);
		registry.add("crony.web.eureka-server.enabled", () -> "true");
		registry.add("eureka.client.enabled", () -> "true");
		registry.add("eureka.client.service-url.defaultZone", () -> "http://127.0.0.1:" + PORT + "/eureka/");
		registry.add("eureka.instance.hostname", () -> "127.0.0.1");
		registry.add("eureka.client.initial-instance-info-replication-interval-seconds", () -> "1");
		registry.add("eureka.client.instance-info-replication-interval-seconds", () -> "1");
	}

	@Test
	void registersItselfAsCronyWebInItsOwnEureka() {
		await("crony-web in Eureka").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> {
			HttpResponse<String> apps = get("/eureka/apps/CRONY-WEB", "application/json");
			return apps.statusCode() == 200 && apps.body().contains("\"port\"") && apps.body().contains("UP");
		});
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

	private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
		return this.http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + path)).header("Accept", accept).build(),
				HttpResponse.BodyHandlers.ofString());
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
