package io.crony.agent.tracing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The back-off against a real OTLP/HTTP exporter and a real local HTTP server that is
 * stopped and started again on the same port; time moves on a clock of the test's.
 */
class BackingOffSpanExporterTest {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final TestClock clock = new TestClock();

	private final AtomicInteger requests = new AtomicInteger();

	private HttpServer collector;

	private int port;

	private OtlpHttpSpanExporter otlp;

	private BackingOffSpanExporter exporter;

	@BeforeEach
	void start() {
		this.collector = collector(0);
		this.port = this.collector.getAddress().getPort();
		// No retries inside the OTLP sender (its default retries a refused connection for
		// about 8 s): the test is about what happens around one failed export.
		this.otlp = OtlpHttpSpanExporter.builder()
			.setEndpoint("http://127.0.0.1:" + this.port + "/v1/traces")
			.setTimeout(Duration.ofSeconds(5))
			.setRetryPolicy(null)
			.build();
		this.exporter = new BackingOffSpanExporter(this.otlp, this.registry, this.clock);
	}

	@AfterEach
	void stop() {
		this.exporter.shutdown().join(5, TimeUnit.SECONDS);
		this.collector.stop(0);
	}

	@Test
	void dropsBatchesUnsentWhileBackingOffAndResumesOnTheFirstSuccessfulTry() {
		assertThat(export(2)).isTrue();
		assertThat(this.requests).hasValue(1);

		this.collector.stop(0);
		assertThat(export(3)).isFalse();
		assertThat(dropped(BackingOffSpanExporter.EXPORT_FAILED)).isEqualTo(3);

		// The collector is back at once, but within the back-off (1 s) nothing is sent.
		this.collector = collector(this.port);
		this.clock.advance(Duration.ofMillis(999));
		assertThat(export(4)).isFalse();
		assertThat(export(5)).isFalse();
		assertThat(this.requests).hasValue(1);
		assertThat(dropped(BackingOffSpanExporter.COLLECTOR_UNREACHABLE)).isEqualTo(9);

		// After it, the next batch is tried, reaches the collector, and the outage ends.
		this.clock.advance(Duration.ofMillis(1));
		assertThat(export(6)).isTrue();
		assertThat(export(7)).isTrue();
		assertThat(this.requests).hasValue(3);
		assertThat(dropped(BackingOffSpanExporter.EXPORT_FAILED)).isEqualTo(3);
		assertThat(dropped(BackingOffSpanExporter.COLLECTOR_UNREACHABLE)).isEqualTo(9);
	}

	@Test
	void triesLessAndLessOftenWhileTheCollectorStaysAwayUpToEveryThirtySeconds() {
		this.collector.stop(0);
		assertThat(export(1)).isFalse();
		// each try fails, and the wait before the next one doubles: 1, 2, 4, 8, 16, 30,
		// 30 s
		for (long wait : List.of(1L, 2L, 4L, 8L, 16L, 30L, 30L)) {
			double tries = dropped(BackingOffSpanExporter.EXPORT_FAILED);
			this.clock.advance(Duration.ofSeconds(wait).minusMillis(1));
			assertThat(export(1)).isFalse();
			assertThat(dropped(BackingOffSpanExporter.EXPORT_FAILED)).as("tried before %d s", wait).isEqualTo(tries);
			this.clock.advance(Duration.ofMillis(1));
			assertThat(export(1)).isFalse();
			assertThat(dropped(BackingOffSpanExporter.EXPORT_FAILED)).as("tried after %d s", wait).isEqualTo(tries + 1);
		}
		assertThat(dropped(BackingOffSpanExporter.COLLECTOR_UNREACHABLE)).isEqualTo(7);
	}

	/** Exports a batch of {@code size} spans and waits for its outcome. */
	private boolean export(int size) {
		return this.exporter.export(spans(size)).join(10, TimeUnit.SECONDS).isSuccess();
	}

	private double dropped(String reason) {
		return this.registry.get(BackingOffSpanExporter.DROPPED).tag("reason", reason).counter().count();
	}

	private static List<SpanData> spans(int size) {
		InMemorySpanExporter memory = InMemorySpanExporter.create();
		try (SdkTracerProvider provider = SdkTracerProvider.builder()
			.addSpanProcessor(SimpleSpanProcessor.create(memory))
			.build()) {
			for (int i = 0; i < size; i++) {
				provider.get("test").spanBuilder("crony.run " + i).startSpan().end();
			}
			// before the provider's shutdown, which clears the exporter
			return List.copyOf(memory.getFinishedSpanItems());
		}
	}

	/** An OTLP/HTTP collector that takes every request in with an empty 200. */
	private HttpServer collector(int port) {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
			server.createContext("/v1/traces", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				this.requests.incrementAndGet();
				exchange.sendResponseHeaders(200, -1);
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A clock the test moves by hand. */
	private static final class TestClock extends Clock {

		private Instant now = Instant.parse("2026-11-29T15:00:00Z");

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public Instant instant() {
			return this.now;
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

	}

}
