package io.crony.sdk.spring;

import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import feign.Request;
import net.devh.boot.grpc.server.service.GrpcService;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.openfeign.FeignAutoConfiguration;
import org.springframework.cloud.openfeign.FeignClientBuilder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.util.StringUtils;

import io.crony.sdk.CronyClient;
import io.crony.sdk.CronyClientOptions;

/**
 * Makes a Spring Boot service a Crony target: its {@link CronyJob} methods served over
 * HTTP and gRPC, and a {@link CronyClient} that reports to crony-web through OpenFeign.
 */
@AutoConfiguration(after = { FeignAutoConfiguration.class, JacksonAutoConfiguration.class })
@EnableConfigurationProperties(CronySdkProperties.class)
public class CronySdkAutoConfiguration {

	/** Static: it post-processes the beans that declare handlers. */
	@Bean
	static CronyJobRegistry cronyJobRegistry() {
		return new CronyJobRegistry();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	CronyClient cronyClient(ApplicationContext context, CronySdkProperties properties) {
		FeignClientBuilder.Builder<CronyWebApi> feign = new FeignClientBuilder(context)
			.forType(CronyWebApi.class, properties.webService())
			.contextId("crony-sdk-reports")
			.customize((builder) -> builder.options(new Request.Options(properties.connectTimeout().toMillis(),
					TimeUnit.MILLISECONDS, properties.requestTimeout().toMillis(), TimeUnit.MILLISECONDS, true)));
		if (StringUtils.hasText(properties.webUrl())) {
			feign.url(properties.webUrl());
		}
		CronySdkProperties.Retry retry = properties.retry();
		return CronyClient.create(CronyClientOptions.builder()
			.transport(new FeignCronyTransport(feign.build()))
			.retry(retry.maxAttempts(), retry.backoff(), retry.maxBackoff())
			.build());
	}

	@Bean
	AsyncJobRunner cronyAsyncJobRunner(CronySdkProperties properties) {
		CronySdkProperties.Async async = properties.async();
		return new AsyncJobRunner(async.threads(), async.queueCapacity(), async.shutdownTimeout());
	}

	@Bean
	JobDispatcher cronyJobDispatcher(CronyJobRegistry registry, CronyClient client,
			ObjectProvider<ObjectMapper> objectMapper, AsyncJobRunner runner) {
		return new JobDispatcher(registry, client, objectMapper.getIfAvailable(ObjectMapper::new), runner);
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnProperty(name = "crony.sdk.http.enabled", matchIfMissing = true)
	HttpJobEndpoint cronyHttpJobEndpoint(JobDispatcher dispatcher) {
		return new HttpJobEndpoint(dispatcher);
	}

	@Bean
	@ConditionalOnClass(GrpcService.class)
	@ConditionalOnProperty(name = "crony.sdk.grpc.enabled", matchIfMissing = true)
	GrpcJobTarget cronyGrpcJobTarget(JobDispatcher dispatcher) {
		return new GrpcJobTarget(dispatcher);
	}

}
