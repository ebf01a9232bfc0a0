package io.crony.sdk.spring;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.http.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryClientAutoConfiguration;
import org.springframework.cloud.client.loadbalancer.LoadBalancerAutoConfiguration;
import org.springframework.cloud.loadbalancer.config.BlockingLoadBalancerClientAutoConfiguration;
import org.springframework.cloud.commons.util.UtilAutoConfiguration;
import org.springframework.cloud.openfeign.FeignAutoConfiguration;
import org.springframework.cloud.openfeign.loadbalancer.FeignLoadBalancerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.crony.sdk.CronyClient;
import io.crony.sdk.Execution;
import io.crony.sdk.Result;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which parts of the starter exist for which optional dependencies on the classpath
 * (hidden with {@link FilteredClassLoader}) and which settings: the real
 * auto-configurations, reports sent to a real local HTTP server.
 */
class CronySdkAutoConfigurationTest {

	static final WireMockServer web = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());

	static {
		web.start();
	}

	static final FilteredClassLoader NO_GRPC = new FilteredClassLoader("net.devh.boot.grpc.");

	static final FilteredClassLoader NO_FEIGN_NO_GRPC = new FilteredClassLoader("net.devh.boot.grpc.", "feign.",
			"org.springframework.cloud.openfeign.", "org.springframework.cloud.loadbalancer.");

	static final FilteredClassLoader NO_LOAD_BALANCER = new FilteredClassLoader(
			"org.springframework.cloud.loadbalancer.");

	/** What a service's classpath brings with OpenFeign (and Jackson, web). */
	static final AutoConfigurations AUTO_CONFIGURATIONS = AutoConfigurations.of(CronySdkAutoConfiguration.class,
			JacksonAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, FeignAutoConfiguration.class,
			UtilAutoConfiguration.class);

	/**
	 * What LoadBalancer and a discovery client add; listed only where their classes are
	 * not hidden, as they are absent from a classpath without them.
	 */
	static final AutoConfigurations LOAD_BALANCING = AutoConfigurations.of(FeignLoadBalancerAutoConfiguration.class,
			LoadBalancerAutoConfiguration.class,
			org.springframework.cloud.loadbalancer.config.LoadBalancerAutoConfiguration.class,
			BlockingLoadBalancerClientAutoConfiguration.class, SimpleDiscoveryClientAutoConfiguration.class);

	/** A servlet application with every optional dependency. */
	final WebApplicationContextRunner web() {
		return webWithout(null).withConfiguration(LOAD_BALANCING);
	}

	/**
	 * A servlet application without the classes {@code hidden} hides (LoadBalancer's
	 * among them).
	 */
	final WebApplicationContextRunner webWithout(FilteredClassLoader hidden) {
		WebApplicationContextRunner runner = configured(new WebApplicationContextRunner());
		return (hidden != null) ? runner.withClassLoader(hidden) : runner;
	}

	/** An application with no web server and every optional dependency. */
	final ApplicationContextRunner nonWeb() {
		return configured(new ApplicationContextRunner()).withConfiguration(LOAD_BALANCING);
	}

	private static <R extends AbstractApplicationContextRunner<R, ?, ?>> R configured(R runner) {
		return runner.withConfiguration(AUTO_CONFIGURATIONS)
			.withPropertyValues("crony.sdk.retry.max-attempts=1", "spring.cloud.loadbalancer.cache.enabled=false");
	}

	@BeforeEach
	void answerReports() {
		web.resetAll();
		web.stubFor(post(urlPathEqualTo("/api/v1/executions/7/result"))
			.willReturn(aResponse().withHeader("Content-Type", "application/json").withBody("{\"applied\":true}")));
	}

	@AfterAll
	static void stopWeb() {
		web.stop();
	}

	@Test
	void httpOnlyServesHttpAndReportsWithoutFeign() {
		webWithout(NO_FEIGN_NO_GRPC).withPropertyValues("crony.sdk.web-url=" + web.baseUrl()).run((context) -> {
			assertThat(context).hasSingleBean(HttpJobEndpoint.class)
				.doesNotHaveBean(GrpcJobTarget.class)
				.hasSingleBean(JobDispatcher.class);
			assertThat(context).doesNotHaveBean("crony-sdk-reports.FeignClientSpecification");
			assertReportArrives(context);
		});
	}

	@Test
	void httpOnlyWithoutAWebUrlSaysWhatToAdd() {
		webWithout(NO_FEIGN_NO_GRPC).run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.hasMessageContaining("crony.sdk.web-url is not set and OpenFeign is not on the classpath"));
	}

	@Test
	void grpcOnlyServesGrpcAndNoHttpEndpoint() {
		nonWeb().withPropertyValues("crony.sdk.web-url=" + web.baseUrl())
			.run((context) -> assertThat(context).hasSingleBean(GrpcJobTarget.class)
				.doesNotHaveBean(HttpJobEndpoint.class)
				.hasSingleBean(CronyClient.class));
	}

	@Test
	void bothServeHttpAndGrpc() {
		web().withPropertyValues("crony.sdk.web-url=" + web.baseUrl()).run((context) -> {
			assertThat(context).hasSingleBean(HttpJobEndpoint.class).hasSingleBean(GrpcJobTarget.class);
			assertReportArrives(context);
		});
	}

	@Test
	void eachTransportCanBeSwitchedOff() {
		web()
			.withPropertyValues("crony.sdk.web-url=" + web.baseUrl(), "crony.sdk.http.enabled=false",
					"crony.sdk.grpc.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(HttpJobEndpoint.class)
				.doesNotHaveBean(GrpcJobTarget.class)
				.hasSingleBean(JobDispatcher.class));
	}

	@Test
	void discoveryOnFindsCronyWebByServiceName() {
		web().withClassLoader(NO_GRPC)
			.withPropertyValues("crony.sdk.web-service=crony-web",
					"spring.cloud.discovery.client.simple.instances.crony-web[0].uri=" + web.baseUrl())
			.run(this::assertReportArrives);
	}

	@Test
	void discoveryOffReportsToTheWebUrl() {
		webWithout(NO_LOAD_BALANCER).withPropertyValues("crony.sdk.web-url=" + web.baseUrl())
			.run(this::assertReportArrives);
	}

	@Test
	void discoveryOffWithoutAWebUrlSaysWhatToAdd() {
		webWithout(NO_LOAD_BALANCER).run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.hasMessageContaining("add spring-cloud-starter-loadbalancer"));
	}

	@Test
	void disabledCreatesNothing() {
		web().withPropertyValues("crony.sdk.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CronySdkProperties.class)
				.doesNotHaveBean(CronyJobRegistry.class)
				.doesNotHaveBean(CronyClient.class)
				.doesNotHaveBean(AsyncJobRunner.class)
				.doesNotHaveBean(JobDispatcher.class)
				.doesNotHaveBean(HttpJobEndpoint.class)
				.doesNotHaveBean(GrpcJobTarget.class));
	}

	@Test
	void aClientOfTheServicesOwnReplacesTheStartersOne() {
		web().withUserConfiguration(OwnClient.class)
			.run((context) -> assertThat(context).hasSingleBean(CronyClient.class)
				.getBean(CronyClient.class)
				.isSameAs(context.getBean(OwnClient.class).client));
	}

	private void assertReportArrives(ApplicationContextAssertProvider<?> context) {
		assertThat(context).hasNotFailed();
		context.getBean(CronyClient.class).reportResult(new Execution(7, "t7"), Result.succeeded("done"));
		web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/7/result")));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnClient {

		final CronyClient client = CronyClient.create("http://127.0.0.1:1");

		@Bean
		CronyClient ownCronyClient() {
			return this.client;
		}

	}

}
