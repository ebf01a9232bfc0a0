package io.crony.web.secret;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class DestinationsTest {

	@ParameterizedTest
	@CsvSource({ "http://api.example.com/a, HTTP://API.example.com:80/b?x=1",
			"https://api.example.com/a, https://api.example.com:443/other", "lb://billing/run, lb://billing/settle",
			"discovery:///billing/Evict, discovery:///billing/Other",
			"static://10.0.0.1:9090/h, static://10.0.0.1:9090", "http://api.example.com./a, http://api.example.com/a",
			"http://0x0A000001/a, http://10.0.0.1/b", "http://[::ffff:10.0.0.1]/a, http://[::FFFF:a00:1]/a" })
	void aPathOrQueryIsNoOtherDestination(String one, String other) {
		assertThat(Destinations.same(one, other)).isTrue();
	}

	@CsvSource({ "http://api.example.com/a, https://api.example.com/a",
			"http://api.example.com/a, http://evil.example/a",
			"http://api.example.com/a, http://api.example.com:8080/a",
			"http://api.example.com/a, http://api.example.com@evil.example/a", "lb://billing/run, lb://attacker/run",
			"discovery:///billing/x, discovery:///attacker/x", "static://10.0.0.1:9090, static://10.0.0.2:9090",
			"http://api.example.com/a, lb://api.example.com/a", "http://0x0A000001/a, http://10.0.0.2/a" })
	@ParameterizedTest
	void aSchemeHostPortOrServiceIsAnother(String one, String other) {
		assertThat(Destinations.same(one, other)).isFalse();
	}

}
