package io.crony.agent;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A manual run that reaches an agent while its fence is closed is not lost: it waits
 * until the fence opens again and then runs exactly once.
 */
class FencedManualRunIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void manualRunRequestedWhileTheAgentIsFencedSucceedsExactlyOnce() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess agent = AgentProcess.start("frozen", FailoverIT.properties(support, "frozen"))) {
			// agent JVMs start slowly on a loaded machine
			await().atMost(Duration.ofSeconds(180)).until(() -> support.registered("frozen"));
			JobSpec job = AgentTestSupport.httpJob(7, AgentTestSupport.NEVER_SOON, target.url("/ok"));
			support.assign("frozen", job);
			// a warm-up manual run proves the job is held before the fence closes
			long warmUp = support.runOnce("frozen", job, null);
			await().atMost(Duration.ofSeconds(30)).until(() -> "SUCCEEDED".equals(support.status(warmUp)));

			long lease = support.leaseOf("frozen");
			agent.pause();
			long executionId;
			try {
				// frozen past its TTL: the lease expires, and on waking the agent's last
				// confirmation is far older than the fence allows
				await().atMost(Duration.ofSeconds(30)).until(() -> !support.registered("frozen"));
				executionId = support.runOnce("frozen", job, "while-fenced");
			}
			finally {
				agent.resume();
			}

			await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCEEDED".equals(support.status(executionId)));
			await().atMost(Duration.ofSeconds(30))
				.until(() -> support.leaseOf("frozen") != 0 && support.leaseOf("frozen") != lease);
			// the warm-up and the fenced run, each called once (the job has no cron fire)
			assertThat(target.callsOf(job.id())).hasSize(2);
			assertThat(support.etcd()
				.getKVClient()
				.get(AgentTestSupport.bytes(support.keys().once("frozen", executionId)))
				.get()
				.getCount()).as("the request's key is taken").isZero();
		}
	}

	/**
	 * The fenced agent's lease expires and the job fails over with its pending request
	 * (as the leader's failover moves both): the new holder takes the request and runs
	 * it, the fenced agent does not.
	 */
	@Test
	void manualRunPendingOnAFencedAgentRunsOnceOnTheJobsNewHolder() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess agent = AgentProcess.start("frozen-2", FailoverIT.properties(support, "frozen-2"));
				AgentProcess taker = AgentProcess.start("taker", FailoverIT.properties(support, "taker"))) {
			await().atMost(Duration.ofSeconds(180))
				.until(() -> support.registered("frozen-2") && support.registered("taker"));
			JobSpec job = AgentTestSupport.httpJob(8, AgentTestSupport.NEVER_SOON, target.url("/ok"));
			support.assign("frozen-2", job);
			long warmUp = support.runOnce("frozen-2", job, null);
			await().atMost(Duration.ofSeconds(30)).until(() -> "SUCCEEDED".equals(support.status(warmUp)));

			agent.pause();
			long executionId;
			try {
				await().atMost(Duration.ofSeconds(30)).until(() -> !support.registered("frozen-2"));
				executionId = support.runOnce("frozen-2", job, null);
				support.move("frozen-2", "taker", job);
				moveOnce(support, executionId, "frozen-2", "taker");
			}
			finally {
				agent.resume();
			}

			await().atMost(Duration.ofSeconds(60)).until(() -> "SUCCEEDED".equals(support.status(executionId)));
			assertThat(support.row(executionId)).containsEntry("agent_id", "taker");
			await().atMost(Duration.ofSeconds(30)).until(() -> support.registered("frozen-2"));
			assertThat(target.callsOf(job.id())).extracting(SampleTarget.Call::agentId)
				.containsExactly("frozen-2", "taker");
		}
	}

	/** Moves a once request as the leader's failover does: delete and put in one step. */
	private static void moveOnce(AgentTestSupport support, long executionId, String from, String to) throws Exception {
		ByteSequence oldKey = AgentTestSupport.bytes(support.keys().once(from, executionId));
		KeyValue request = support.etcd().getKVClient().get(oldKey).get(10, TimeUnit.SECONDS).getKvs().get(0);
		support.etcd()
			.getKVClient()
			.txn()
			.Then(Op.delete(oldKey, DeleteOption.DEFAULT),
					Op.put(AgentTestSupport.bytes(support.keys().once(to, executionId)), request.getValue(),
							PutOption.DEFAULT))
			.commit()
			.get(10, TimeUnit.SECONDS);
	}

}
