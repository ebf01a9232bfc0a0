package io.crony.agent.tracing;

import io.opentelemetry.sdk.trace.samplers.Sampler;

import org.springframework.beans.factory.ObjectProvider;
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

	// the sampler looked up when Boot builds its tracer provider, which takes one: an
	// application context without Boot's tracing still starts
	@Bean
	SdkTracerProviderBuilderCustomizer runSpans(ObjectProvider<Sampler> sampler) {
		return (builder) -> RunTracing.configure(builder, sampler.getObject());
	}

}
