package io.crony.sdk;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CronyClientOptionsTest {

	@Test
	void hasTheDocumentedDefaults() {
		CronyClientOptions options = CronyClientOptions.builder("http://crony-web:8080").build();
		assertThat(options.maxAttempts()).isEqualTo(3);
		assertThat(options.initialBackoff()).isEqualTo(Duration.ofMillis(200));
		assertThat(options.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
		assertThat(options.userAgent()).startsWith("crony-sdk-java/");
	}

	@Test
	void refusesNeitherOrBothOfBaseUrlAndTransport() {
		assertThatIllegalArgumentException().isThrownBy(() -> CronyClientOptions.builder().build())
			.withMessageContaining("exactly one");
		CronyTransport transport = (id, report, token, json) -> new CronyTransport.Answer(200, new byte[0]);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CronyClientOptions.builder("http://crony-web").transport(transport).build());
		assertThat(CronyClientOptions.builder().transport(transport).build().transport()).isSameAs(transport);
	}

	@Test
	void refusesABaseUrlThatIsNotHttpWithAHost() {
		assertThatIllegalArgumentException().isThrownBy(() -> CronyClientOptions.builder("ftp://crony-web").build())
			.withMessageContaining("http(s)://host");
		assertThatIllegalArgumentException().isThrownBy(() -> CronyClientOptions.builder("crony-web:8080").build());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CronyClientOptions.builder("http://crony-web/?x=1").build());
	}

	@Test
	void refusesNonsensicalRetriesAndTimeouts() {
		CronyClientOptions.Builder builder = CronyClientOptions.builder("http://crony-web");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.retry(0, Duration.ZERO).build())
			.withMessageContaining("maxAttempts");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder.retry(3, Duration.ofMillis(-1), Duration.ofSeconds(1)).build());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder.retry(3, Duration.ofSeconds(2), Duration.ofSeconds(1)).build());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CronyClientOptions.builder("http://crony-web").requestTimeout(Duration.ZERO).build());
	}

	@Test
	void doublesTheBackoffUpToItsCap() {
		CronyClientOptions options = CronyClientOptions.builder("http://crony-web")
			.retry(10, Duration.ofMillis(100), Duration.ofMillis(500))
			.build();
		assertThat(options.backoffAfter(1)).isEqualTo(Duration.ofMillis(100));
		assertThat(options.backoffAfter(2)).isEqualTo(Duration.ofMillis(200));
		assertThat(options.backoffAfter(3)).isEqualTo(Duration.ofMillis(400));
		assertThat(options.backoffAfter(4)).isEqualTo(Duration.ofMillis(500));
		assertThat(options.backoffAfter(60)).isEqualTo(Duration.ofMillis(500));
	}

}
