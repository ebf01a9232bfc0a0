package io.crony.web.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class LoginThrottleTest {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T08:00:00Z"));

	private final LoginThrottle throttle = new LoginThrottle(
			new AuthProperties.LoginThrottle(5, 20, Duration.ofMinutes(5)), this.clock);

	@Test
	void letsTheUserInAgainOnceTheOldestFailureLeftTheWindow() {
		for (int i = 0; i < 5; i++) {
			this.throttle.failed("tess", "10.0.0." + i);
			this.clock.advance(Duration.ofSeconds(10));
		}

		LoginThrottledException refused = catchThrowableOfType(LoginThrottledException.class,
				() -> this.throttle.check("tess", "10.0.0.9"));

		assertThat(refused.headers().getFirst("Retry-After")).isEqualTo("250");
		this.clock.advance(Duration.ofSeconds(250));
		assertThatNoException().isThrownBy(() -> this.throttle.check("tess", "10.0.0.9"));
	}

	@Test
	void matchesUserNamesWhateverTheirCase() {
		for (int i = 0; i < 5; i++) {
			this.throttle.failed("Tess", "10.0.0.1");
		}

		assertThat(catchThrowableOfType(LoginThrottledException.class, () -> this.throttle.check("tess", "10.0.0.2")))
			.isNotNull();
	}

	@Test
	void aSuccessClearsTheUsersCountButNotTheAddresss() {
		for (int i = 0; i < 4; i++) {
			this.throttle.failed("tess", "10.0.0.1");
		}
		this.throttle.succeeded("tess");
		this.throttle.failed("tess", "10.0.0.1");

		assertThatNoException().isThrownBy(() -> this.throttle.check("tess", "10.0.0.1"));
	}

	@Test
	void throttlesAnAddressTryingManyNames() {
		for (int i = 0; i < 20; i++) {
			this.throttle.failed("name-" + i, "10.0.0.66");
		}

		assertThat(catchThrowableOfType(LoginThrottledException.class,
				() -> this.throttle.check("fresh-name", "10.0.0.66")))
			.isNotNull();
		assertThatNoException().isThrownBy(() -> this.throttle.check("fresh-name", "10.0.0.67"));
	}

	private static final class MutableClock extends Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration by) {
			this.now = this.now.plus(by);
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
