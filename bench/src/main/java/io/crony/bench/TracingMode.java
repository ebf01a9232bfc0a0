package io.crony.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.crony.test.Jaeger;

/**
 * What the agent under measurement does with its runs' spans, one fresh agent per mode
 * ({@code crony.bench.tracing}: a comma-separated list such as {@code off,jaeger,dead},
 * run in that order; a mode may repeat, to alternate).
 */
enum TracingMode {

	/** As shipped: sampling 0, no endpoint; trace ids are still made, stored and sent. */
	OFF,

	/** Every run sampled, its spans exported over OTLP/HTTP to a live Jaeger. */
	JAEGER,

	/**
	 * Every run sampled, exported to a loopback port nothing listens on: the collector is
	 * dead and every export is refused.
	 */
	DEAD;

	/** The modes of {@code crony.bench.tracing}; empty when it is blank. */
	static List<TracingMode> parse(String list) {
		List<TracingMode> modes = new ArrayList<>();
		for (String mode : list.split(",")) {
			if (!mode.isBlank()) {
				modes.add(valueOf(mode.trim().toUpperCase(Locale.ROOT)));
			}
		}
		return modes;
	}

	/** The agent's settings for this mode. */
	List<String> agentSettings(Jaeger jaeger, int closedPort) {
		return switch (this) {
			case OFF -> List.of();
			case JAEGER -> List.of("--management.tracing.sampling.probability=1.0",
					"--management.otlp.tracing.endpoint=" + jaeger.otlpEndpoint());
			case DEAD -> List.of("--management.tracing.sampling.probability=1.0",
					"--management.otlp.tracing.endpoint=http://127.0.0.1:" + closedPort + "/v1/traces");
		};
	}

	String label() {
		return name().toLowerCase(Locale.ROOT);
	}

}
