package io.crony.common.target;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlatformPolicyTest {

	@Test
	void theServersSettingsNameThePlatformsOwnEndpoints() {
		PlatformPolicy settings = PlatformPolicy.of(List.of(), List.of(), true,
				List.of("http://10.0.0.1:2379", "https://10.0.0.2"), "jdbc:mysql://10.0.0.3:3307/crony",
				"http://10.0.0.4:8761/eureka/");

		assertThat(settings.platform()).containsExactly("10.0.0.1:2379", "10.0.0.2:443", "10.0.0.3:3307",
				"10.0.0.4:8761");
		assertThat(settings.policy().refusal("http://10.0.0.3:3307/")).isPresent();
		assertThat(settings.policy().refusal("http://10.0.0.3:8080/")).isEmpty();
	}

	@Test
	void theServersOwnPortIsDeniedOnceKnown() {
		PlatformPolicy settings = PlatformPolicy.of(List.of(), List.of(), true, List.of(), null, null);

		assertThat(settings.withOwnPort(0).platform()).isEmpty();
		assertThat(settings.withOwnPort(8080).platform()).containsExactly("127.0.0.1:8080");
	}

	@Test
	void saysItsSettingsInTheWordsTheServersLogged() {
		PlatformPolicy settings = PlatformPolicy.of(List.of("10.0.0.0/8"), List.of("10.1.0.0/16"), false,
				List.of("http://10.0.0.1:2379"), null, null);

		assertThat(settings)
			.hasToString("allow [10.0.0.0/8], deny [10.1.0.0/16], loopback denied, platform endpoints [10.0.0.1:2379]");
	}

}
