package io.crony.sdk;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link CronyClient} reaches crony-web and retries. Immutable; made with
 * {@link #builder(String)} (the JDK transport to a base URL) or {@link #builder()} plus
 * {@link Builder#transport(CronyTransport)} (a transport of one's own, OpenFeign in the
 * Spring Boot starter). {@link Builder#build()} refuses contradictory settings.
 */
public final class CronyClientOptions {

	/** This SDK's version, in the default User-Agent. */
	public static final String VERSION = "0.1.0";

	private final URI baseUrl;

	private final CronyTransport transport;

	private final Duration connectTimeout;

	private final Duration requestTimeout;

	private final int maxAttempts;

	private final Duration initialBackoff;

	private final Duration maxBackoff;

	private final String userAgent;

	private CronyClientOptions(Builder builder) {
		this.baseUrl = builder.baseUrl;
		this.transport = builder.transport;
		this.connectTimeout = builder.connectTimeout;
		this.requestTimeout = builder.requestTimeout;
		this.maxAttempts = builder.maxAttempts;
		this.initialBackoff = builder.initialBackoff;
		this.maxBackoff = builder.maxBackoff;
		this.userAgent = builder.userAgent;
	}

	/** A builder without a base URL: give it one, or a transport. */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * A builder for the crony-web at {@code baseUrl}, such as
	 * {@code http://crony-web:8080}.
	 */
	public static Builder builder(String baseUrl) {
		return new Builder().baseUrl(baseUrl);
	}

	/** crony-web's base URL; {@code null} when a transport of one's own finds it. */
	public URI baseUrl() {
		return this.baseUrl;
	}

	/**
	 * The transport of one's own, or {@code null} for the JDK transport to
	 * {@link #baseUrl()}.
	 */
	public CronyTransport transport() {
		return this.transport;
	}

	/** How long the JDK transport waits for a connection (default 5 s). */
	public Duration connectTimeout() {
		return this.connectTimeout;
	}

	/** How long the JDK transport waits for an answer to one request (default 30 s). */
	public Duration requestTimeout() {
		return this.requestTimeout;
	}

	/** How many times a report is sent at most; 1 means no retry (default 3). */
	public int maxAttempts() {
		return this.maxAttempts;
	}

	/** The wait before the first retry, doubled for each further one (default 200 ms). */
	public Duration initialBackoff() {
		return this.initialBackoff;
	}

	/** The longest wait between two attempts (default 30 s). */
	public Duration maxBackoff() {
		return this.maxBackoff;
	}

	/** The User-Agent the JDK transport sends. */
	public String userAgent() {
		return this.userAgent;
	}

	/** The wait before the retry that follows attempt {@code attempt} (1-based). */
	Duration backoffAfter(int attempt) {
		Duration wait = this.initialBackoff;
		for (int i = 1; i < attempt && wait.compareTo(this.maxBackoff) < 0; i++) {
			wait = wait.multipliedBy(2);
		}
		return wait.compareTo(this.maxBackoff) > 0 ? this.maxBackoff : wait;
	}

	/** Builds {@link CronyClientOptions}. Not safe for concurrent use. */
	public static final class Builder {

		private URI baseUrl;

		private CronyTransport transport;

		private Duration connectTimeout = Duration.ofSeconds(5);

		private Duration requestTimeout = Duration.ofSeconds(30);

		private int maxAttempts = 3;

		private Duration initialBackoff = Duration.ofMillis(200);

		private Duration maxBackoff = Duration.ofSeconds(30);

		private String userAgent = "crony-sdk-java/" + VERSION;

		private Builder() {
		}

		/**
		 * crony-web's base URL, {@code http(s)://host[:port][/path]}; the /api/v1 paths
		 * are added.
		 */
		public Builder baseUrl(String baseUrl) {
			this.baseUrl = URI.create(Objects.requireNonNull(baseUrl, "baseUrl"));
			return this;
		}

		/**
		 * A transport of one's own instead of the JDK transport; it is closed with the
		 * client.
		 */
		public Builder transport(CronyTransport transport) {
			this.transport = transport;
			return this;
		}

		/** How long the JDK transport waits for a connection. */
		public Builder connectTimeout(Duration connectTimeout) {
			this.connectTimeout = connectTimeout;
			return this;
		}

		/** How long the JDK transport waits for the answer to one request. */
		public Builder requestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
			return this;
		}

		/**
		 * How often a report is sent at most (1 = never retried), the wait before the
		 * first retry (doubled for each further one) and the longest wait.
		 */
		public Builder retry(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
			this.maxAttempts = maxAttempts;
			this.initialBackoff = initialBackoff;
			this.maxBackoff = maxBackoff;
			return this;
		}

		/** How often a report is sent at most (1 = never retried) and the first wait. */
		public Builder retry(int maxAttempts, Duration initialBackoff) {
			return retry(maxAttempts, initialBackoff, this.maxBackoff);
		}

		/** The User-Agent the JDK transport sends. */
		public Builder userAgent(String userAgent) {
			this.userAgent = userAgent;
			return this;
		}

		/**
		 * The options.
		 * @throws IllegalArgumentException when neither or both of a base URL and a
		 * transport are set, the base URL is not http(s) with a host, a timeout is not
		 * positive, fewer than 1 attempt is asked for or a backoff is negative
		 */
		public CronyClientOptions build() {
			require((this.baseUrl == null) != (this.transport == null),
					"give crony-web's base URL or a transport, exactly one of them");
			if (this.baseUrl != null) {
				String scheme = this.baseUrl.getScheme();
				require(("http".equals(scheme) || "https".equals(scheme)) && this.baseUrl.getHost() != null,
						"base URL " + this.baseUrl + " must be http(s)://host[:port][/path]");
				require(this.baseUrl.getQuery() == null && this.baseUrl.getFragment() == null,
						"base URL " + this.baseUrl + " must have no query or fragment");
			}
			require(positive(this.connectTimeout), "connectTimeout must be positive");
			require(positive(this.requestTimeout), "requestTimeout must be positive");
			require(this.maxAttempts >= 1, "maxAttempts must be at least 1, not " + this.maxAttempts);
			require(this.initialBackoff != null && !this.initialBackoff.isNegative(),
					"initialBackoff must not be negative");
			require(this.maxBackoff != null && this.maxBackoff.compareTo(this.initialBackoff) >= 0,
					"maxBackoff must be at least initialBackoff");
			require(this.userAgent != null && !this.userAgent.isBlank(), "userAgent must not be blank");
			return new CronyClientOptions(this);
		}

		private static boolean positive(Duration duration) {
			return duration != null && !duration.isNegative() && !duration.isZero();
		}

		private static void require(boolean condition, String message) {
			if (!condition) {
				throw new IllegalArgumentException("crony: " + message);
			}
		}

	}

}
