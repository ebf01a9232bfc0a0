package io.crony.agent.tracing;

import org.springframework.boot.actuate.autoconfigure.tracing.SdkTracerProviderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot's OpenTelemetry SDK with the agent's id generator: runs' spans get ids a
 * run they release can find ({@link RunIds}).
 */
@Configuration(proxyBeanMethods = false)
class TracingConfiguration {

	@Bean
	SdkTracerProviderBuilderCustomizer runSpanIds() {
		return (builder) -> builder.setIdGenerator(new RunIds());
	}

}
