package io.crony.agent.tracing;

import io.opentelemetry.sdk.trace.samplers.Sampler;

import org.springframework.boot.actuate.autoconfigure.tracing.SdkTracerProviderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot's OpenTelemetry SDK set up for the spans the {@link SpanRecorder} makes off
 * the firing threads ({@link RunTracing#configure}): each takes the ids its target was
 * sent ({@link RunIds}) and the sampling decision taken where its run fired
 * ({@link PlannedSampler}, around Boot's sampler).
 */
@Configuration(proxyBeanMethods = false)
class TracingConfiguration {

	@Bean
	SdkTracerProviderBuilderCustomizer runSpans(Sampler sampler) {
		return (builder) -> RunTracing.configure(builder, sampler);
	}

}
