package io.crony.sdk.spring;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.crony.sdk.Result;

/** Handlers of each kind the starter supports, as a service would declare them. */
class TestJobs {

	record Settlement(String day, int orders) {
	}

	@CronyJob("settle-orders")
	String settle(Settlement settlement) {
		return "settled " + settlement.orders() + " orders of " + settlement.day();
	}

	@CronyJob("explode")
	void explode() {
		throw new IllegalStateException("disk full");
	}

	@CronyJob("describe")
	Result describe(JobContext context, String params) {
		return Result
			.succeeded("attempt " + context.attempt() + " of job " + context.jobId() + " (" + context.jobName()
					+ ") by " + context.trigger() + ", resume " + context.resumePayload().orElse("none") + ", deadline "
					+ context.deadline().map(Object::toString).orElse("none") + ", params " + params)
			.withOutput("scheduled " + context.scheduledAt());
	}

	@CronyJob("describe-shard")
	String describeShard(JobContext context) {
		if (!context.sharded()) {
			return "not sharded, owns item 5: " + context.ownsItem(5);
		}
		return "shard " + context.shardIndex() + "/" + context.shardTotal() + ", params "
				+ context.shardParams().orElse("none") + ", owns item 5: " + context.ownsItem(5);
	}

	@CronyJob("finish-by-context")
	void finishByContext(JobContext context) {
		context.fail("nothing to settle");
	}

	@CronyJob(value = "rebuild-index", async = true)
	void rebuildIndex(JobContext context) {
		int from = Integer.parseInt(context.resumePayload().orElse("0"));
		context.reportProgress(50, String.valueOf(from + 5));
		context.succeed("rebuilt shards " + from + " to " + (from + 10));
	}

	@CronyJobStatus("index-status")
	JobStatus indexStatus(JobContext context, String params) {
		return switch (params) {
			case "done" -> JobStatus.succeeded("10 pages");
			case "broken" -> JobStatus.failed("disk full");
			case "unknown" -> throw new IllegalStateException("no run " + context.executionId() + " here");
			default -> JobStatus
				.running(40,
						"attempt " + context.attempt() + " of " + context.jobName() + " (" + context.jobId()
								+ "), token " + context.execution().token() + ", handler " + context.handler())
				.withResumePayload("page-4");
		};
	}

	@CronyJob(value = "async-explode", async = true)
	void asyncExplode() {
		throw new IllegalStateException("index corrupt");
	}

	@CronyJob(value = "async-future", async = true)
	CompletionStage<String> asyncFuture() {
		return CompletableFuture.supplyAsync(() -> "computed later");
	}

}
