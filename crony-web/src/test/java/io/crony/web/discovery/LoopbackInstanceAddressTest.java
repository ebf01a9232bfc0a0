package io.crony.web.discovery;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class LoopbackInstanceAddressTest {

	@Test
	void registersTheLoopbackAddressItListensOn() {
		StandardEnvironment environment = environment(Map.of("server.address", "127.0.0.1"));
		assertThat(environment.getProperty("eureka.instance.ip-address")).isEqualTo("127.0.0.1");
		assertThat(environment.getProperty("eureka.instance.hostname")).isEqualTo("127.0.0.1");
		assertThat(environment(Map.of("server.address", "localhost")).getProperty("eureka.instance.ip-address"))
			.isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
	}

	@Test
	void leavesTheAddressToEurekaWhenListeningBeyondLoopback() {
		assertThat(environment(Map.of()).containsProperty("eureka.instance.ip-address")).isFalse();
		assertThat(environment(Map.of("server.address", "0.0.0.0")).containsProperty("eureka.instance.ip-address"))
			.isFalse();
	}

	@Test
	void anAddressSetForEurekaWins() {
		StandardEnvironment environment = environment(
				Map.of("server.address", "127.0.0.1", "eureka.instance.ip-address", "10.1.2.3"));
		assertThat(environment.getProperty("eureka.instance.ip-address")).isEqualTo("10.1.2.3");
		assertThat(environment.getPropertySources().contains(LoopbackInstanceAddress.SOURCE)).isFalse();
	}

	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", new LinkedHashMap<>(properties)));
		new LoopbackInstanceAddress().postProcessEnvironment(environment, new SpringApplication());
		return environment;
	}

}
