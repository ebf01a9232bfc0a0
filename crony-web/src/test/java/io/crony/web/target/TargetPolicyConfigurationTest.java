package io.crony.web.target;

import java.util.List;
import java.util.Map;

import io.crony.common.target.TargetPolicy;
import io.crony.web.etcd.EtcdProperties;
import org.junit.jupiter.api.Test;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * crony-web's own HTTP port is one of the platform endpoints, so a job or an alert
 * channel cannot make crony-web call itself, even where loopback is allowed; a random
 * port (0, not known yet) adds nothing.
 */
class TargetPolicyConfigurationTest {

	@Test
	void deniesTheWebsOwnPortByEverySpellingOfLoopback() {
		TargetPolicy policy = policy(Map.of("server.port", "18080"));

		for (String url : List.of("http://127.0.0.1:18080/api/v1/jobs", "http://localhost:18080/",
				"http://2130706433:18080/", "http://[::ffff:127.0.0.1]:18080/")) {
			assertThat(policy.refusal(url)).as(url)
				.hasValueSatisfying((why) -> assertThat(why).contains("platform's own endpoint"));
		}
		assertThat(policy.refusal("http://127.0.0.1:18081/")).as("another port").isEmpty();
	}

	@Test
	void addsNoEndpointForARandomPort() {
		assertThat(policy(Map.of("server.port", "0")).refusal("http://127.0.0.1:8080/")).isEmpty();
	}

	private static TargetPolicy policy(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		EtcdProperties etcd = new EtcdProperties(List.of("http://127.0.0.1:23790"), "/crony", null, null, null, null);
		return new TargetPolicyConfiguration().targetPolicy(new TargetPolicyProperties(List.of(), List.of(), true),
				etcd, environment);
	}

}
