package io.crony.agent.schedule;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.crony.agent.execution.LastFire;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.LeaderLeaseTtl;
import io.crony.common.etcd.CronyKeys;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.election.LeaderKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The look-back of a job taken over from a cut-off agent follows the lease TTL of
 * crony-web's leader as etcd holds it, against a real etcd: the leader campaigns in the
 * web instances' election ({@link CronyKeys#webElection()}) under a lease of 25 s, not
 * the default 10 s, and the agent, with its default lease (10 s TTL, fencing margin 2 s),
 * leaves the former holder the instants back to {@code 3 x 10 s + 25 s}.
 */
class FormerHolderLeaderLeaseIT {

	private static final long JOB = 1;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final long LEADER_LEASE_TTL_SECONDS = 25;

	private final Client etcd = Client.builder().endpoints(services.etcdEndpoint()).build();

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private final LeaderLeaseTtl leaderLeaseTtl = new LeaderLeaseTtl(this.etcd, this.keys);

	private long lease;

	@AfterEach
	void close() throws Exception {
		if (this.lease != 0) {
			this.etcd.getLeaseClient().revoke(this.lease).get(10, TimeUnit.SECONDS);
		}
		this.etcd.close();
	}

	@Test
	void aJobTakenOverLeavesItsFormerHolderTheInstantsBackToTheLeaderLeaseTtlReadFromEtcd() throws Exception {
		lead(LEADER_LEASE_TTL_SECONDS);
		assertThat(this.leaderLeaseTtl.refresh().get(10, TimeUnit.SECONDS))
			.contains(Duration.ofSeconds(LEADER_LEASE_TTL_SECONDS));
		FormerHolderFires fires = new FormerHolderFires(null, null, "survivor", Duration.ofSeconds(10),
				this.leaderLeaseTtl, Duration.ofSeconds(2), (agent) -> AgentStanding.GONE, (jobId) -> null);

		// an every-second job arriving at 08:01:00.300: back 55 s, to 08:00:05.300, and
		// up to the fence, a margin before the arrival (with the web's default, 10 s,
		// the window would start at 08:00:21)
		Instant arrival = Instant.parse("2026-11-29T08:01:00.300Z");
		List<Instant> missed = IntStream.rangeClosed(0, 60)
			.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
			.toList();
		assertThat(
				fires.mayHaveRunThere(JOB, new LastFire(Instant.parse("2026-11-29T07:59:59Z"), "cut"), missed, arrival)
					.instants())
			.containsExactlyElementsOf(IntStream.rangeClosed(6, 58)
				.mapToObj((s) -> Instant.parse("2026-11-29T08:00:00Z").plusSeconds(s))
				.toList());
	}

	@Test
	void withNoLeaderTheLastLeaseTtlReadStays() throws Exception {
		assertThat(this.leaderLeaseTtl.refresh().get(10, TimeUnit.SECONDS)).isEmpty();

		lead(LEADER_LEASE_TTL_SECONDS);
		assertThat(this.leaderLeaseTtl.refresh().get(10, TimeUnit.SECONDS))
			.contains(Duration.ofSeconds(LEADER_LEASE_TTL_SECONDS));

		// the leader goes with its lease: between two terms the next leader is one of
		// the same web instances
		this.etcd.getLeaseClient().revoke(this.lease).get(10, TimeUnit.SECONDS);
		this.lease = 0;
		assertThat(this.leaderLeaseTtl.refresh().get(10, TimeUnit.SECONDS))
			.isEqualTo(Optional.of(Duration.ofSeconds(LEADER_LEASE_TTL_SECONDS)));
	}

	// campaigns as crony-web's LeaderElection does: its instance id under its own lease
	private LeaderKey lead(long ttlSeconds) throws Exception {
		this.lease = this.etcd.getLeaseClient().grant(ttlSeconds).get(10, TimeUnit.SECONDS).getID();
		return this.etcd.getElectionClient()
			.campaign(ByteSequence.from(this.keys.webElection(), StandardCharsets.UTF_8), this.lease,
					ByteSequence.from("web-1", StandardCharsets.UTF_8))
			.get(10, TimeUnit.SECONDS)
			.getLeader();
	}

}
