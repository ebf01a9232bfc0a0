package io.crony.sdk.spring;

import java.time.Duration;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cloud.openfeign.FeignClientBuilder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.crony.sdk.CronyClient;
import io.crony.sdk.CronyClientOptions;
import io.crony.sdk.CronyRequestException;
import io.crony.sdk.Execution;
import io.crony.sdk.ReportResponse;
import io.crony.sdk.Result;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Reports find crony-web by service name through the service's discovery client (here
 * Spring Cloud's simple discovery client, Eureka in the sample), and say so when no
 * instance is known.
 */
@SpringBootTest(classes = ReportsByServiceNameIT.App.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "grpc.server.port=-1", "crony.sdk.web-service=crony-web", "crony.sdk.retry.max-attempts=2",
				"crony.sdk.retry.backoff=10ms", "spring.cloud.loadbalancer.cache.enabled=false" })
class ReportsByServiceNameIT {

	static final WireMockServer web = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());

	static {
		web.start();
	}

	@Autowired
	CronyClient client;

	@DynamicPropertySource
	static void cronyWebInstance(DynamicPropertyRegistry registry) {
		registry.add("spring.cloud.discovery.client.simple.instances.crony-web[0].uri", web::baseUrl);
	}

	@AfterAll
	static void stopWeb() {
		web.stop();
	}

	@Test
	void reportsToTheInstanceDiscoveryKnows() {
		web.stubFor(post(urlPathEqualTo("/api/v1/executions/12/result"))
			.willReturn(aResponse().withHeader("Content-Type", "application/json")
				.withBody("{\"applied\":true,\"status\":\"SUCCEEDED\"}")));
		ReportResponse response = this.client.reportResult(new Execution(12, "t12"), Result.succeeded("done"));
		assertThat(response).isEqualTo(new ReportResponse(true, "SUCCEEDED", null));
		web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/12/result")).withHeader("X-Crony-Token",
				equalTo("t12")));
	}

	@Test
	void failsAfterItsRetriesWhenNoInstanceIsKnown(@Autowired ApplicationContext context) {
		CronyWebApi nowhere = new FeignClientBuilder(context).forType(CronyWebApi.class, "no-such-service").build();
		try (CronyClient lost = CronyClient.create(CronyClientOptions.builder()
			.transport(new FeignCronyTransport(nowhere))
			.retry(2, Duration.ofMillis(10))
			.build())) {
			assertThatExceptionOfType(CronyRequestException.class)
				.isThrownBy(() -> lost.reportResult(new Execution(13, "t13"), Result.succeeded("done")))
				.satisfies((ex) -> {
					assertThat(ex.attempts()).isEqualTo(2);
					assertThat(ex.getCause()).hasMessageContaining("HTTP 503").hasMessageContaining("no-such-service");
				});
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class App {

	}

}
