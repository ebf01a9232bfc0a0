package io.crony.common.target;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TargetPolicyTest {

	private final TargetPolicy defaults = TargetPolicy.of(List.of(), List.of(), false, List.of());

	@ParameterizedTest
	@ValueSource(strings = { "http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/",
			"http://[fe80::1]:8080/", "http://100.100.100.200/", "http://0.0.0.0:8080/" })
	void deniesLinkLocalAndCloudMetadataAlways(String url) {
		TargetPolicy permissive = TargetPolicy.of(List.of(), List.of(), true, List.of());

		assertThat(permissive.refusal(URI.create(url)))
			.hasValueSatisfying((why) -> assertThat(why).contains("is denied by the target policy")
				.containsPattern("metadata|unspecified"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://127.0.0.1:9000/ok", "http://localhost:9000/", "http://[::1]:9000/",
			"http://127.1.2.3/" })
	void deniesLoopbackUnlessAllowed(String url) {
		TargetPolicy local = TargetPolicy.of(List.of(), List.of(), true, List.of());

		assertThat(this.defaults.refusal(URI.create(url)))
			.hasValueSatisfying((why) -> assertThat(why).contains("loopback"));
		assertThat(local.refusal(URI.create(url))).isEmpty();
	}

	@Test
	void deniesThePlatformsOwnEndpointsByNameAndAddressEvenWithLoopbackAllowed() {
		TargetPolicy local = TargetPolicy.of(List.of(), List.of(), true, List.of("localhost:23790", "127.0.0.1:13306"));

		assertThat(local.refusal(URI.create("http://127.0.0.1:23790/v3/kv/range")))
			.hasValueSatisfying((why) -> assertThat(why).contains("platform's own endpoint"));
		assertThat(local.refusal(URI.create("http://localhost:13306/")))
			.hasValueSatisfying((why) -> assertThat(why).contains("127.0.0.1:13306"));
		assertThat(local.refusal(URI.create("http://127.0.0.1:23791/"))).as("another port").isEmpty();
	}

	@Test
	void deniesByHostPatternAndCidrFromTheDenyList() throws UnknownHostException {
		TargetPolicy policy = TargetPolicy.of(List.of(), List.of("*.corp.example.com", "10.0.0.0/8", "[fd00::/8]:443"),
				false, List.of());

		assertThat(policy.refusal("vault.corp.example.com", 443, List.of())).isPresent();
		assertThat(policy.refusal("svc.example.com", 80, List.of(InetAddress.getByName("10.1.2.3"))))
			.hasValueSatisfying((why) -> assertThat(why).contains("10.0.0.0/8 (crony.target-policy.deny)"));
		assertThat(policy.refusal("svc.example.com", 443, List.of(InetAddress.getByName("fd00::5")))).isPresent();
		assertThat(policy.refusal("svc.example.com", 8443, List.of(InetAddress.getByName("fd00::5")))).isEmpty();
		assertThat(policy.refusal("svc.example.com", 80, List.of(InetAddress.getByName("::ffff:10.9.9.9"))))
			.as("an IPv4-mapped address is its IPv4 address")
			.isPresent();
	}

	@Test
	void admitsOnlyWhatANonEmptyAllowListNames() throws UnknownHostException {
		TargetPolicy policy = TargetPolicy.of(List.of("*.jobs.example.com", "192.168.10.0/24"), List.of(), false,
				List.of());

		assertThat(policy.refusal("settle.jobs.example.com", 80, List.of(InetAddress.getByName("203.0.113.9"))))
			.isEmpty();
		assertThat(policy.refusal("other", 80, List.of(InetAddress.getByName("192.168.10.7")))).isEmpty();
		assertThat(policy.refusal("other", 80, List.of(InetAddress.getByName("192.168.11.7"))))
			.hasValueSatisfying((why) -> assertThat(why).contains("allow list"));
	}

	@Test
	void denyWinsOverAllow() throws UnknownHostException {
		TargetPolicy policy = TargetPolicy.of(List.of("10.0.0.0/8"), List.of("10.0.0.5"), false, List.of());

		assertThat(policy.refusal("x", 80, List.of(InetAddress.getByName("10.0.0.5")))).isPresent();
		assertThat(policy.refusal("x", 80, List.of(InetAddress.getByName("10.0.0.6")))).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.0.0.0/33", "10.0.0.0/x", "host:99999", "under_score.example.com", "[fd00::1" })
	void refusesAnEntryItCannotRead(String entry) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> TargetPolicy.of(List.of(), List.of(entry), false, List.of()))
			.withMessageContaining(entry);
	}

}
