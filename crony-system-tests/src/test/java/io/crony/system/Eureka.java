package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Registers and removes a service instance through Eureka's REST API, as a service's own
 * Eureka client would (the Go sample has none), signed in as the registry user.
 */
final class Eureka {

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	Eureka(int webPort) {
		this.base = "http://127.0.0.1:" + webPort + "/eureka/apps/";
	}

	void register(String app, String instanceId, int httpPort, int grpcPort) {
		String json = """
				{"instance": {"instanceId": "%s", "hostName": "127.0.0.1", "app": "%s", "ipAddr": "127.0.0.1",
				  "status": "UP", "vipAddress": "%s", "port": {"$": %d, "@enabled": "true"},
				  "securePort": {"$": 443, "@enabled": "false"},
				  "dataCenterInfo": {"@class": "com.netflix.appinfo.InstanceInfo$DefaultDataCenterInfo", "name": "MyOwn"},
				  "leaseInfo": {"durationInSecs": 90}, "metadata": {"gRPC_port": "%d"}}}
				"""
			.formatted(instanceId, app.toUpperCase(), app, httpPort, grpcPort);
		int status = send(HttpRequest.newBuilder(URI.create(this.base + app.toUpperCase()))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
		assertThat(status).as("register %s", instanceId).isEqualTo(204);
	}

	void deregister(String app, String instanceId) {
		int status = send(
				HttpRequest.newBuilder(URI.create(this.base + app.toUpperCase() + "/" + instanceId)).DELETE());
		assertThat(status).as("deregister %s", instanceId).isEqualTo(200);
	}

	private int send(HttpRequest.Builder request) {
		String credentials = Platform.REGISTRY_USER + ":" + Platform.REGISTRY_PASSWORD;
		request.header("Authorization",
				"Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
