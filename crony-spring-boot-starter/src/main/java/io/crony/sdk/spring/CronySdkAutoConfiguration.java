package io.crony.sdk.spring;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

import io.crony.sdk.CronyClient;
import io.crony.sdk.CronyClientOptions;

/**
 * Makes a Spring Boot service a Crony target: its {@link CronyJob} methods served over
 * HTTP and gRPC, and a {@link CronyClient} that reports to crony-web.
 * <p>
 * gRPC (net.devh grpc-server), OpenFeign and LoadBalancer are optional dependencies of
 * the starter: each part that needs one sits in a nested configuration conditional on a
 * class of it, named as a string so that a missing class never breaks loading. Without
 * OpenFeign the client reports through the SDK's JDK transport to
 * {@code crony.sdk.web-url}. {@code crony.sdk.enabled=false} creates nothing.
 */
@AutoConfiguration(afterName = { "org.springframework.cloud.openfeign.FeignAutoConfiguration",
		"org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration" })
@ConditionalOnProperty(name = "crony.sdk.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CronySdkProperties.class)
public class CronySdkAutoConfiguration {

	static final String FEIGN_CLASS = "org.springframework.cloud.openfeign.FeignClientBuilder";

	static final String LOAD_BALANCER_CLASS = "org.springframework.cloud.loadbalancer.core.ReactorLoadBalancer";

	static final String GRPC_SERVER_CLASS = "net.devh.boot.grpc.server.service.GrpcService";

	/** Static: it post-processes the beans that declare handlers. */
	@Bean
	@ConditionalOnMissingBean
	static CronyJobRegistry cronyJobRegistry() {
		return new CronyJobRegistry();
	}

	@Bean
	@ConditionalOnMissingBean
	AsyncJobRunner cronyAsyncJobRunner(CronySdkProperties properties) {
		CronySdkProperties.Async async = properties.async();
		return new AsyncJobRunner(async.threads(), async.queueCapacity(), async.shutdownTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	JobDispatcher cronyJobDispatcher(CronyJobRegistry registry, CronyClient client,
			ObjectProvider<ObjectMapper> objectMapper, AsyncJobRunner runner) {
		return new JobDispatcher(registry, client, objectMapper.getIfAvailable(ObjectMapper::new), runner);
	}

	/**
	 * Reports through OpenFeign: crony-web by URL, or by service name with LoadBalancer.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = FEIGN_CLASS)
	static class FeignReportsConfiguration {

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean
		CronyClient cronyClient(ApplicationContext context, CronySdkProperties properties) {
			if (!StringUtils.hasText(properties.webUrl())
					&& !ClassUtils.isPresent(LOAD_BALANCER_CLASS, context.getClassLoader())) {
				throw new IllegalStateException("crony.sdk.web-url is not set and Spring Cloud LoadBalancer is not on "
						+ "the classpath, so crony-web (crony.sdk.web-service=" + properties.webService()
						+ ") cannot be found by name: set crony.sdk.web-url or add "
						+ "spring-cloud-starter-loadbalancer and a discovery client");
			}
			CronySdkProperties.Retry retry = properties.retry();
			return CronyClient.create(CronyClientOptions.builder()
				.transport(FeignCronyTransport.create(context, properties))
				.retry(retry.maxAttempts(), retry.backoff(), retry.maxBackoff())
				.build());
		}

	}

	/** Without OpenFeign: the SDK's JDK transport to {@code crony.sdk.web-url}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass(FEIGN_CLASS)
	static class DirectReportsConfiguration {

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean
		CronyClient cronyClient(CronySdkProperties properties) {
			if (!StringUtils.hasText(properties.webUrl())) {
				throw new IllegalStateException("crony.sdk.web-url is not set and OpenFeign is not on the classpath, "
						+ "so crony-web cannot be found by name: set crony.sdk.web-url or add "
						+ "spring-cloud-starter-openfeign, spring-cloud-starter-loadbalancer and a discovery client");
			}
			CronySdkProperties.Retry retry = properties.retry();
			return CronyClient.create(CronyClientOptions.builder(properties.webUrl())
				.connectTimeout(properties.connectTimeout())
				.requestTimeout(properties.requestTimeout())
				.retry(retry.maxAttempts(), retry.backoff(), retry.maxBackoff())
				.build());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnProperty(name = "crony.sdk.http.enabled", matchIfMissing = true)
	static class HttpEndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		HttpJobEndpoint cronyHttpJobEndpoint(JobDispatcher dispatcher) {
			return new HttpJobEndpoint(dispatcher);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = GRPC_SERVER_CLASS)
	@ConditionalOnProperty(name = "crony.sdk.grpc.enabled", matchIfMissing = true)
	static class GrpcTargetConfiguration {

		@Bean
		@ConditionalOnMissingBean
		GrpcJobTarget cronyGrpcJobTarget(JobDispatcher dispatcher) {
			return new GrpcJobTarget(dispatcher);
		}

	}

}
