package io.crony.web.ui;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The dashboard's own routes load the app; server paths keep their own answers. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DashboardRoutingIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void aDashboardRouteGetsTheIndexPage() throws Exception {
		HttpResponse<String> index = get("/index.html");
		HttpResponse<String> route = get("/jobs/42");

		assertThat(index.statusCode()).isEqualTo(200);
		assertThat(route.statusCode()).isEqualTo(200);
		assertThat(route.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/html"));
		assertThat(route.body()).isEqualTo(index.body());
		assertThat(get("/").body()).isEqualTo(index.body());
	}

	@Test
	void serverPathsNeverFallBackToTheIndexPage() throws Exception {
		assertThat(ApiClient.anonymous(this.port).get("/api/v1/jobs").status()).isEqualTo(401);
		assertThat(get("/actuator/nothing-here").body()).doesNotContain("<div id=\"root\">");
		assertThat(get("/v3/api-docs").body()).contains("\"openapi\"");
	}

	private HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
