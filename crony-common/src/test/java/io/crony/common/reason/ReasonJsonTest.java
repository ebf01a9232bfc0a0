package io.crony.common.reason;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReasonJsonTest {

	@Test
	void aStoredReasonReadsBackWithItsSentence() {
		Reason note = Reason.of(ReasonCode.UPSTREAM_FAILED, "load", "FAILED", 7);
		Reason read = ReasonJson.read(ReasonJson.write(note));
		assertThat(read).isEqualTo(note);
		assertThat(read.text("zh-CN")).isEqualTo("未执行：上游失败：上游任务 load 以 失败 结束（执行 7）");
	}

	@Test
	void noReasonAndAnUnknownCodeReadAsNone() {
		assertThat(ReasonJson.write(null)).isNull();
		assertThat(ReasonJson.read(null)).isNull();
		assertThat(ReasonJson.read("{\"code\":\"FROM_A_NEWER_SERVER\",\"params\":{}}")).isNull();
		assertThat(ReasonJson.read("not json")).isNull();
	}

}
