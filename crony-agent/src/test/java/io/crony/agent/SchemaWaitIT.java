package io.crony.agent;

import java.time.Duration;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent started on a database crony-web has not migrated yet (make run starts every
 * process at once; so may a fresh install): it says once that it waits for the schema,
 * takes no jobs meanwhile, and starts firing when the schema appears, with no failed
 * statement on the way.
 */
class SchemaWaitIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void waitsForTheSchemaThenFiresWithoutAFailedStatement() throws Exception {
		try (AgentTestSupport support = AgentTestSupport.withoutSchema(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess agent = AgentProcess.start("schema-wait",
						support.agentProperties("schema-wait", "target/spool-schema-wait-" + System.nanoTime()))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> agent.log().contains("Started CronyAgentApplication"));
			assertThat(agent.log()).contains("Waiting for the schema").contains("created by crony-web");
			assertThat(support.registered("schema-wait")).as("registered before the schema exists").isFalse();

			support.migrate();
			await().atMost(Duration.ofSeconds(30)).until(() -> support.registered("schema-wait"));
			JobSpec job = EverySecondJobs.job(1, target);
			support.assign("schema-wait", job);
			await().atMost(Duration.ofSeconds(30))
				.until(() -> support.statuses(job.id()).stream().filter("SUCCEEDED"::equals).count() >= 3);

			String log = agent.log();
			assertThat(log.split("Waiting for the schema", -1)).as("times the wait is logged").hasSize(2);
			assertThat(log).contains("Schema found").doesNotContainIgnoringCase("bad SQL grammar");
		}
	}

}
