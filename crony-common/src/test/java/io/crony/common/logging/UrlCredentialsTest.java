package io.crony.common.logging;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UrlCredentialsTest {

	@Test
	void masksThePasswordOfEveryUrlAsTheEurekaClientAndServerPrintThem() {
		assertThat(UrlCredentials.mask("Request execution error. endpoint=DefaultEndpoint{ serviceUrl='"
				+ "http://crony-registry:s3cr-et_1@127.0.0.1:8080/eureka/}, exception=I/O error"))
			.isEqualTo("Request execution error. endpoint=DefaultEndpoint{ serviceUrl='"
					+ "http://crony-registry:******@127.0.0.1:8080/eureka/}, exception=I/O error");
		assertThat(UrlCredentials.mask("Adding new peer nodes [http://u:p1@a:1/eureka/, https://u:p2@b/eureka/]"))
			.isEqualTo("Adding new peer nodes [http://u:******@a:1/eureka/, https://u:******@b/eureka/]");
		assertThat(UrlCredentials.mask("Replica node URL:  http://crony-registry:pw@127.0.0.1:8080/eureka/"))
			.isEqualTo("Replica node URL:  http://crony-registry:******@127.0.0.1:8080/eureka/");
	}

	@Test
	void leavesTextWithoutCredentialsAsItIs() {
		String[] texts = { "GET http://127.0.0.1:8080/eureka/apps/", "mail ops@example.com at 10:30",
				"jdbc:mysql://127.0.0.1:3306/crony?user=x", "user@host:22", null };
		for (String text : texts) {
			assertThat(UrlCredentials.mask(text)).isEqualTo(text);
		}
	}

}
