package io.crony.sdk.spring;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.crony.sdk.CronyClient;
import io.crony.sdk.Execution;
import io.crony.sdk.Progress;
import io.crony.sdk.ReportResponse;
import io.crony.sdk.Result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class JobContextTest {

	private final RecordingClient client = new RecordingClient();

	@Test
	void reportsAnAsyncRunsResultOnceAndRefusesASecond() {
		JobContext context = context(true, "");
		assertThat(context.succeed("done", "3 rows")).isEqualTo(new ReportResponse(true, "SUCCEEDED", null));
		assertThat(this.client.results).containsExactly(Result.succeeded("done").withOutput("3 rows"));
		assertThatIllegalStateException().isThrownBy(() -> context.fail("late"))
			.withMessageContaining("already finished");
		assertThat(this.client.results).hasSize(1);
	}

	@Test
	void keepsASyncRunsResultAsItsAnswerWithoutReporting() {
		JobContext context = context(false, "");
		assertThat(context.fail("nothing to do")).isNull();
		assertThat(context.finished()).isEqualTo(Result.failed("nothing to do"));
		assertThat(this.client.results).isEmpty();
	}

	@Test
	void reportsProgressWithTheResumePayloadInBothModes() {
		context(false, "").reportProgress(30, "shard-3");
		context(true, "").reportProgress(60);
		assertThat(this.client.progress).containsExactly(Progress.of(30, "shard-3"), Progress.of(60));
	}

	@Test
	void bindsJsonParamsAndSaysWhenTheyDoNotFit() {
		record Day(String day) {
		}
		assertThat(context(false, "{\"day\":\"2026-11-21\"}").params(Day.class)).isEqualTo(new Day("2026-11-21"));
		assertThat(context(false, " ").params(Day.class)).isNull();
		assertThatIllegalArgumentException().isThrownBy(() -> context(false, "[1,2]").params(Day.class))
			.withMessageContaining("params do not fit Day");
	}

	@Test
	void givesTheShardAndDealsItemsRoundRobin() {
		JobContext shard = new JobContext(new JobRequest(new Execution(9, "t9"), 3, "nightly", "settle", null, 1,
				"CRON", "", null, null, 1, 3, "{\"from\":100}"), false, this.client, new ObjectMapper());
		assertThat(shard.sharded()).isTrue();
		assertThat(shard.shardIndex()).isEqualTo(1);
		assertThat(shard.shardTotal()).isEqualTo(3);
		assertThat(shard.shardParams()).contains("{\"from\":100}");
		assertThat(shard.ownsItem(4)).isTrue();
		assertThat(shard.ownsItem(5)).isFalse();

		JobContext unsharded = context(false, "");
		assertThat(unsharded.sharded()).isFalse();
		assertThat(unsharded.shardTotal()).isZero();
		assertThat(unsharded.shardParams()).isEmpty();
		assertThat(unsharded.ownsItem(5)).isTrue();
	}

	@Test
	void refusesShardFieldsOutOfBounds() {
		Execution execution = new Execution(9, "t9");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JobRequest(execution, 3, "n", "h", null, 1, "", "", null, null, 3, 3, null))
			.withMessage("shard index 3 is not in [0, 3)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JobRequest(execution, 3, "n", "h", null, 1, "", "", null, null, 0, -1, null))
			.withMessage("shard total -1 is negative");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JobRequest(execution, 3, "n", "h", null, 1, "", "", null, null, 0, 0, "east"))
			.withMessage("shard index or params given without a shard total");
	}

	private JobContext context(boolean async, String params) {
		JobRequest request = new JobRequest(new Execution(9, "t9"), 3, "nightly", "settle", Instant.EPOCH, 1, "CRON",
				params, null, null);
		return new JobContext(request, async, this.client, new ObjectMapper());
	}

	private static final class RecordingClient implements CronyClient {

		private final List<Result> results = new ArrayList<>();

		private final List<Progress> progress = new ArrayList<>();

		@Override
		public ReportResponse reportResult(Execution execution, Result result) {
			this.results.add(result);
			return new ReportResponse(true, result.outcome().name(), null);
		}

		@Override
		public ReportResponse reportProgress(Execution execution, Progress progress) {
			this.progress.add(progress);
			return new ReportResponse(true, "RUNNING", null);
		}

		@Override
		public void close() {
		}

	}

}
