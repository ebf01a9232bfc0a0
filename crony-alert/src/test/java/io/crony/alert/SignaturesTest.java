package io.crony.alert;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The expected values were computed apart from this code (Python's hmac and base64 with
 * each vendor's documented recipe), so a wrong key/message order fails here.
 */
class SignaturesTest {

	private static final String SECRET = "SEC-test-secret";

	@Test
	void signsFeishuWithTimestampAndSecretAsTheKeyOverAnEmptyMessage() {
		assertThat(Signatures.feishu(SECRET, 1700000000L)).isEqualTo("N/YfEei+5/EskDDCjSL3nvdh2x/Igb36CEA5Cc6MdHk=");
	}

	@Test
	void signsDingTalkWithTheSecretAsTheKeyOverTimestampAndSecret() {
		assertThat(Signatures.dingTalk(SECRET, 1700000000123L))
			.isEqualTo("3af6SnEp8FmxEKMZeIjGMiivmb/0jfjQ5S6M9fg6/Vc=");
	}

	@Test
	void urlEncodesTheDingTalkSignatureOnTheQueryString() {
		assertThat(Signatures.dingTalkQuery(SECRET, 1700000000123L))
			.isEqualTo("timestamp=1700000000123&sign=3af6SnEp8FmxEKMZeIjGMiivmb%2F0jfjQ5S6M9fg6%2FVc%3D");
	}

	@Test
	void signsWebhookBodiesOverTimestampDotBodyInHex() {
		assertThat(Signatures.webhook(SECRET, 1700000000L, "{\"kind\":\"FAILURE\"}"))
			.isEqualTo("sha256=dfc863ddf6d6778a66e2fbcf6ee78e673df886435fb54348446f4783e8bb7783");
	}

	@Test
	void webhookSignatureChangesWithTheTimestamp() {
		assertThat(Signatures.webhook(SECRET, 1700000001L, "{\"kind\":\"FAILURE\"}"))
			.isNotEqualTo(Signatures.webhook(SECRET, 1700000000L, "{\"kind\":\"FAILURE\"}"));
	}

}
