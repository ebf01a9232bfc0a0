package io.crony.agent.tracing;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.trace.export.SpanExporter;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.tracing.SpanExporters;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Hands Spring Boot's batch span processor every span exporter it configures (the OTLP
 * one when {@code management.otlp.tracing.endpoint} is set) wrapped in a
 * {@link BackingOffSpanExporter}, through the {@link SpanExporters} bean Boot's
 * OpenTelemetry auto-configuration builds its processor from (and makes itself only when
 * the application has none). A dead collector then costs the agent no encoding and no
 * connection attempt per batch.
 */
@Configuration(proxyBeanMethods = false)
class SpanExportConfiguration {

	@Bean
	SpanExporters spanExporters(ObjectProvider<SpanExporter> exporters, MeterRegistry registry, Clock clock) {
		return SpanExporters.of(exporters.orderedStream()
			.map((exporter) -> (SpanExporter) new BackingOffSpanExporter(exporter, registry, clock))
			.toList());
	}

}
