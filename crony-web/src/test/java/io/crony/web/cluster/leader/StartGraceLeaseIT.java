package io.crony.web.cluster.leader;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.common.etcd.CronyKeys;
import io.crony.test.CronyServicesExtension;
import io.crony.web.cluster.TestAgent;
import io.crony.web.cluster.membership.AgentLeaseTtls;
import io.crony.web.cluster.membership.AgentRegistry;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A new leader's start grace lasts the lease TTL the agents registered with, as etcd
 * granted it, against a real etcd with crony-web's default settings: agents registered
 * with a 20 s lease, not the default 10 s, give an agent gone at the term's start 20 s to
 * come back. The grace's clock is the test's; only the leases are etcd's.
 */
class StartGraceLeaseIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private final Client client = Client.builder().endpoints(services.etcdEndpoint()).build();

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private final AgentRegistry registry = new AgentRegistry(this.client, this.keys);

	private final AtomicLong nanos = new AtomicLong(1_000);

	@BeforeEach
	void start() {
		this.registry.start();
	}

	@AfterEach
	void stop() {
		this.registry.stop();
		this.client.close();
	}

	@Test
	void anAgentGoneAtTheTermsStartIsGivenTheLeaseTtlTheLiveAgentsRegisteredWith() throws Exception {
		try (TestAgent live = TestAgent.start(this.client, this.keys, "live", 1, Map.of(), 20)) {
			awaitLive("live");
			AtomicBoolean read = new AtomicBoolean();
			StartGrace grace = new StartGrace(new AgentLeaseTtls(this.client, this.registry)::longest, this.nanos::get,
					() -> read.set(true));

			grace.seen(List.of("live"));

			assertThat(grace.awaits("gone")).isTrue();
			// the count starts when etcd's answer arrives
			await().atMost(Duration.ofSeconds(30)).untilTrue(read);
			// past the 10 s the web's own setting used to give
			this.nanos.addAndGet(Duration.ofSeconds(20).toNanos() - 1);
			assertThat(grace.awaits("gone")).isTrue();
			this.nanos.incrementAndGet();
			assertThat(grace.awaits("gone")).isFalse();
		}
	}

	@Test
	void theLongestLeaseTtlOfTheLiveAgentsIsTaken() throws Exception {
		try (TestAgent shorter = TestAgent.start(this.client, this.keys, "shorter", 1, Map.of(), 12);
				TestAgent longer = TestAgent.start(this.client, this.keys, "longer", 1, Map.of(), 20)) {
			awaitLive("shorter", "longer");
			AgentLeaseTtls ttls = new AgentLeaseTtls(this.client, this.registry);

			assertThat(ttls.longest(List.of("shorter", "longer")).get()).contains(Duration.ofSeconds(20));
			assertThat(ttls.longest(List.of("shorter")).get()).contains(Duration.ofSeconds(12));
			// gone since the snapshot: no lease to read, so no count yet
			longer.kill();
			assertThat(ttls.longest(List.of("longer")).get()).isEmpty();
		}
	}

	private void awaitLive(String... agentIds) {
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.registry.liveAgents().keySet().containsAll(List.of(agentIds)));
	}

}
