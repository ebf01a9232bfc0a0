package io.crony.agent.target.grpc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GrpcAddressTest {

	@Test
	void staticAddressNamesItsHandlerByPath() {
		assertThat(GrpcAddress.parse("static://127.0.0.1:9090/settle-orders"))
			.isEqualTo(new GrpcAddress("static://127.0.0.1:9090", null, "settle-orders"));
		assertThat(GrpcAddress.parse("static://svc:9090")).isEqualTo(new GrpcAddress("static://svc:9090", null, ""));
	}

	@Test
	void discoveryAddressNamesItsServiceAndHandler() {
		assertThat(GrpcAddress.parse("discovery:///java-sample/rebuild-index"))
			.isEqualTo(new GrpcAddress("discovery:///java-sample", "java-sample", "rebuild-index"));
		assertThat(GrpcAddress.parse("discovery:///java-sample"))
			.isEqualTo(new GrpcAddress("discovery:///java-sample", "java-sample", ""));
	}

	@Test
	void refusesOtherAddresses() {
		assertThatIllegalArgumentException().isThrownBy(() -> GrpcAddress.parse("http://host:9090"));
		assertThatIllegalArgumentException().isThrownBy(() -> GrpcAddress.parse("discovery:///"));
	}

}
