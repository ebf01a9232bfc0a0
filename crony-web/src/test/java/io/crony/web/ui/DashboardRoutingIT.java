package io.crony.web.ui;

import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

	/**
	 * The dashboard's API types are generated from a committed copy of this document
	 * (frontend/src/api/openapi.json; scripts/api-types.sh): a change to the API that is
	 * not in that copy fails here, before the dashboard can drift from it. With
	 * {@code -Dcrony.openapi.write=true} the test writes the served document there
	 * instead.
	 */
	@Test
	void theDashboardsCopyOfTheApiDocumentIsTheServedOne() throws Exception {
		HttpResponse<String> docs = get("/v3/api-docs");
		assertThat(docs.statusCode()).isEqualTo(200);
		String served = canonical(docs.body());
		Path copy = Path.of("..", "frontend", "src", "api", "openapi.json");
		if (Boolean.getBoolean("crony.openapi.write")) {
			Files.writeString(copy, served, StandardCharsets.UTF_8);
		}
		String committed = Files.readString(copy, StandardCharsets.UTF_8);
		assertThat(firstDifference(committed, served))
			.as("frontend/src/api/openapi.json differs from crony-web's /v3/api-docs; "
					+ "run `bash scripts/api-types.sh` and commit the document and the types it regenerates")
			.isEmpty();
	}

	/**
	 * Where two documents first differ (the whole 350 KB document would drown the
	 * message).
	 */
	private static String firstDifference(String committed, String served) {
		String[] was = committed.split("\n", -1);
		String[] is = served.split("\n", -1);
		for (int i = 0; i < Math.max(was.length, is.length); i++) {
			String before = (i < was.length) ? was[i] : "(end of file)";
			String now = (i < is.length) ? is[i] : "(end of file)";
			if (!before.equals(now)) {
				return "line " + (i + 1) + ": committed `" + before.strip() + "`, served `" + now.strip() + "`";
			}
		}
		return "";
	}

	/**
	 * Keys sorted and the server (its URL has this test's random port) left out, so the
	 * copy changes only when the API does.
	 */
	private static String canonical(String document) throws IOException {
		ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
			.enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
		ObjectNode tree = (ObjectNode) mapper.readTree(document);
		tree.remove("servers");
		return mapper.writeValueAsString(mapper.treeToValue(tree, Object.class)).replace("\r\n", "\n") + "\n";
	}

	private HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
