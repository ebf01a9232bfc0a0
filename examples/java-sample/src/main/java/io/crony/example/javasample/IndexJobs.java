package io.crony.example.javasample;

import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.crony.sdk.CronyException;
import io.crony.sdk.CronyRefusedException;
import io.crony.sdk.Progress;
import io.crony.sdk.ReportResponse;
import io.crony.sdk.Result;
import io.crony.sdk.spring.CronyJob;
import io.crony.sdk.spring.JobContext;

/**
 * An ASYNC job: the agent is answered ACCEPTED at once; progress is reported per shard
 * with the next shard as resume payload, so a retry picks up where a failed attempt
 * stopped. The returned result is reported by the starter.
 */
@Component
class IndexJobs {

	static final int SHARDS = 5;

	private static final Logger log = LoggerFactory.getLogger(IndexJobs.class);

	private final SampleProperties properties;

	IndexJobs(SampleProperties properties) {
		this.properties = properties;
	}

	@CronyJob(value = "rebuild-index", async = true)
	Result rebuildIndex(JobContext context) throws InterruptedException {
		int start = context.resumePayload().map(IndexJobs::shard).orElse(0);
		for (int shard = start; shard < SHARDS; shard++) {
			if (context.deadline().map(Instant.now()::isAfter).orElse(false)) {
				return Result.failed("deadline passed at shard " + shard);
			}
			Thread.sleep(this.properties.step().toMillis()); // stands in for the real
																// work on one shard
			try {
				ReportResponse response = context.reportProgress(new Progress((shard + 1) * 100 / SHARDS,
						String.valueOf(shard + 1), "shard " + (shard + 1) + " of " + SHARDS + " rebuilt"));
				if (!response.applied()) {
					// The run is over (timed out, cancelled): stop working for nobody.
					return Result.failed("run already " + response.status() + " at shard " + (shard + 1));
				}
			}
			catch (CronyRefusedException ex) {
				return Result.failed("crony-web refused progress: " + ex.getMessage());
			}
			catch (CronyException ex) {
				// Progress is best effort: crony-web being briefly away is no reason to
				// stop.
				log.warn("Execution {} progress not reported: {}", context.executionId(), ex.getMessage());
			}
		}
		return Result.succeeded("rebuilt shards " + (start + 1) + ".." + SHARDS);
	}

	private static int shard(String payload) {
		int shard = Integer.parseInt(payload);
		if (shard < 0 || shard > SHARDS) {
			throw new IllegalArgumentException("resume payload " + payload + " is not a shard number");
		}
		return shard;
	}

}
