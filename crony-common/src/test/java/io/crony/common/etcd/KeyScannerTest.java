package io.crony.common.etcd;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KeyScannerTest {

	@Test
	void prefixEndIsTheFirstKeyAfterThePrefix() {
		assertThat(KeyScanner.prefixEnd("/crony/node/").toString(StandardCharsets.UTF_8)).isEqualTo("/crony/node0");
		assertThat(KeyScanner.prefixEnd("/crony/node/a1/job/").toString(StandardCharsets.UTF_8))
			.isEqualTo("/crony/node/a1/job0");
	}

	@Test
	void refusesAnEmptyPage() {
		assertThatIllegalArgumentException().isThrownBy(() -> new KeyScanner(null, 0));
	}

}
