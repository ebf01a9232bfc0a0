package io.crony.web.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobChangeReads;
import io.crony.common.job.JobSpec;
import io.crony.web.cluster.membership.AgentRegistry;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.election.CampaignResponse;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static io.crony.web.cluster.EtcdBytes.bytes;
import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest
@DirtiesContext
class AssignmentIT extends ClusterItSupport {

	@Autowired
	MeterRegistry meters;

	@Autowired
	AgentRegistry registry;

	@Autowired
	PlatformTransactionManager transactions;

	@Test
	void picksUpAnInsertADeleteInOneTransactionThenAnUpdate() throws Exception {
		agent("count-a", 1, Map.of());
		long gone = this.jobs.create("balanced-gone");
		await().until(() -> this.assignments.byJob().containsKey(gone));

		// the number of rows stays the same
		long added = new TransactionTemplate(this.transactions).execute((status) -> {
			this.jobs.delete(gone);
			return this.jobs.create("balanced-new");
		});
		await().until(() -> this.assignments.byJob().containsKey(added));
		await().until(() -> !this.assignments.byJob().containsKey(gone));

		this.jobs.update(added, (spec) -> JobRows.spec(spec.name(), null, Map.of()).withIdAndVersion(added, 0));
		await().until(() -> this.assignments.value("count-a", added).job().version() == 2);
	}

	@Test
	void theChangePollReadsNoJobRowWhateverTheTableSize() throws Exception {
		this.jobs.create("explained");
		List<Map<String, Object>> plan = this.jdbc.queryForList("EXPLAIN " + JobChangeReads.STAMP);

		// both maxima are read from an index end: no table is scanned at all
		assertThat(plan).hasSize(1);
		assertThat(plan.get(0).get("table")).isNull();
		assertThat(plan.get(0).get("Extra")).isEqualTo("Select tables optimized away");
	}

	@Test
	void placesACreatedJobOnOneLiveAgentAndFollowsEveryChange() throws Exception {
		agent("one-a", 1, Map.of());
		agent("one-b", 1, Map.of());

		long id = this.jobs.create("follow-me");
		await().until(() -> this.assignments.byJob().containsKey(id));
		assertEachOnExactlyOneOf(List.of(id), List.of("one-a", "one-b"));
		String agentId = this.assignments.byJob().get(id).get(0);
		await().until(() -> agentId.equals(this.jobs.agentId(id)));

		this.jobs.update(id, (spec) -> JobRows.spec(spec.name(), null, Map.of()).withIdAndVersion(id, 0));
		await().until(() -> this.assignments.value(agentId, id).job().version() == 2);
		JobAssignment updated = this.assignments.value(agentId, id);
		assertThat(updated.job().id()).isEqualTo(id);
		assertThat(updated.epoch()).isPositive();
		assertThat(this.assignments.byJob().get(id)).containsExactly(agentId);

		this.jobs.enable(id, false);
		await().until(() -> !this.assignments.byJob().containsKey(id));
		await().until(() -> this.jobs.agentId(id) == null);

		this.jobs.enable(id, true);
		await().until(() -> this.assignments.byJob().containsKey(id));
		assertEachOnExactlyOneOf(List.of(id), List.of("one-a", "one-b"));

		this.jobs.delete(id);
		await().until(() -> !this.assignments.byJob().containsKey(id));
	}

	@Test
	void spreadsJobsOverAgentsByWeight() throws Exception {
		agent("w1", 1, Map.of());
		agent("w2", 2, Map.of());
		agent("w3", 3, Map.of());

		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 600; i++) {
			ids.add(this.jobs.create("weighted-" + i));
		}

		await().until(() -> this.assignments.byJob().size() == 600);
		assertEachOnExactlyOneOf(ids, List.of("w1", "w2", "w3"));
		Map<String, Integer> counts = this.assignments.countByAgent();
		assertThat(counts.get("w1")).isBetween(99, 101);
		assertThat(counts.get("w2")).isBetween(199, 201);
		assertThat(counts.get("w3")).isBetween(299, 301);
	}

	@Test
	void placesJobsOnlyWhereEveryLabelMatchesAndWaitsForAMatchingAgent() throws Exception {
		agent("zone-a", 1, Map.of("zone", "a"));
		agent("zone-b", 1, Map.of("zone", "b", "disk", "ssd"));
		List<Long> inB = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			inB.add(this.jobs.create(JobRows.spec("zone-b-" + i, null, Map.of("zone", "b", "disk", "ssd"))));
		}
		long nowhere = this.jobs.create(JobRows.spec("gpu-only", null, Map.of("gpu", "yes")));

		await().until(() -> this.assignments.byJob().keySet().containsAll(inB));
		assertEachOnExactlyOneOf(inB, List.of("zone-b"));
		assertThat(this.assignments.byJob()).doesNotContainKey(nowhere);
		await().until(() -> this.meters.get("crony.cluster.jobs.unassigned").gauge().value() == 1.0);

		agent("gpu-1", 1, Map.of("gpu", "yes"));
		await().until(() -> this.assignments.byJob().containsKey(nowhere));
		assertEachOnExactlyOneOf(List.of(nowhere), List.of("gpu-1"));
	}

	@Test
	void letsAJobChooseFewestJobsOverTheClusterDefault() throws Exception {
		agent("busy", 1, Map.of("pool", "x"));
		agent("idle", 1, Map.of());
		for (int i = 0; i < 4; i++) {
			this.jobs.create(JobRows.spec("pinned-" + i, null, Map.of("pool", "x")));
		}
		await().until(() -> this.assignments.countByAgent().getOrDefault("busy", 0) == 4);

		List<Long> fewest = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			fewest.add(this.jobs.create(JobRows.spec("fewest-" + i, AssignmentStrategy.FEWEST_JOBS, Map.of())));
		}

		await().until(() -> this.assignments.byJob().keySet().containsAll(fewest));
		assertEachOnExactlyOneOf(fewest, List.of("idle"));
	}

	@Test
	void drainMovesEveryJobOffAndPlacesNoNewOnes() throws Exception {
		agent("drain-a", 1, Map.of());
		agent("drain-b", 1, Map.of());
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			ids.add(this.jobs.create("drain-" + i));
		}
		await().until(() -> this.assignments.byJob().size() == 10);
		assertThat(this.assignments.countByAgent().get("drain-a")).isPositive();

		this.jdbc.update("UPDATE agent SET drained = 1 WHERE id = 'drain-a'");

		await().until(() -> this.assignments.countByAgent().getOrDefault("drain-a", 0) == 0);
		assertEachOnExactlyOneOf(ids, List.of("drain-b"));
		await().until(() -> this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'drain-a' AND event = 'DRAINED' AND jobs_moved > 0",
				Integer.class) == 1);
		long later = this.jobs.create("after-drain");
		await().until(() -> this.assignments.byJob().containsKey(later));
		assertEachOnExactlyOneOf(List.of(later), List.of("drain-b"));
	}

	@Test
	void rebalanceMovesTheFewestJobsToMatchTheWeights() throws Exception {
		agent("rb-1", 1, Map.of());
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			ids.add(this.jobs.create("rebalance-" + i));
		}
		await().until(() -> this.assignments.countByAgent().getOrDefault("rb-1", 0) == 12);
		agent("rb-2", 1, Map.of());
		agent("rb-3", 2, Map.of());
		assertThat(this.assignments.countByAgent()).containsOnlyKeys("rb-1");
		double movesBefore = rebalanceMoves();

		this.jdbc.update("INSERT INTO cluster_request (kind, requested_at) VALUES ('REBALANCE', NOW(3))");

		await().until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM cluster_request WHERE done_at IS NOT NULL",
				Integer.class) == 1);
		assertThat(this.assignments.countByAgent()).containsEntry("rb-1", 3)
			.containsEntry("rb-2", 3)
			.containsEntry("rb-3", 6);
		assertThat(rebalanceMoves() - movesBefore).isEqualTo(9.0);
		assertEachOnExactlyOneOf(ids, List.of("rb-1", "rb-2", "rb-3"));
	}

	/**
	 * A leader that starts over assignments of agents without a live key (everything
	 * restarted, crony-web first) gives them one agent lease TTL (its default, 10 s) from
	 * the start of its term: one that comes back keeps its jobs, key for key; the jobs of
	 * one that does not move to the live agents when the grace ends, each on one of them.
	 * The test holds the election between two terms of the one web instance, so that the
	 * agents go while no term is in office, as when everything is down.
	 */
	@Test
	void aNewLeaderLetsAnAgentGoneBeforeItsTermComeBackAndMovesTheJobsOfOneThatDoesNot() throws Exception {
		TestAgent back = agent("grace-back", 1, Map.of(), 10);
		TestAgent gone = agent("grace-gone", 1, Map.of(), 10);
		agent("grace-stays", 1, Map.of(), 10);
		List<Long> ids = this.jobs.createMany("grace", 30);
		await().until(() -> this.assignments.byJob().size() == 30);
		Map<Long, Long> backKeys = this.assignments.createRevisionsOn("grace-back");
		List<Long> goneJobs = List.copyOf(this.assignments.createRevisionsOn("grace-gone").keySet());
		assertThat(backKeys).isNotEmpty();
		assertThat(goneJobs).isNotEmpty();
		EtcdAssignments.Snapshot before = this.assignments.snapshot();

		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			// no term in office: the test's own campaign takes the election from this
			// instance's term, and two agents go meanwhile
			ByteSequence election = bytes(this.keys.webElection());
			long testLease = this.client.getLeaseClient().grant(30).get(10, TimeUnit.SECONDS).getID();
			CompletableFuture<CampaignResponse> held = this.client.getElectionClient()
				.campaign(election, testLease, bytes("grace-test"));
			ByteSequence leaderKey = this.client.getElectionClient()
				.leader(election)
				.get(10, TimeUnit.SECONDS)
				.getKv()
				.getKey();
			this.client.getKVClient().delete(leaderKey).get(10, TimeUnit.SECONDS);
			held.get(30, TimeUnit.SECONDS);
			await().until(() -> !this.election.isLeader());
			back.kill();
			gone.kill();
			await().until(() -> !this.registry.liveAgents().containsKey("grace-back")
					&& !this.registry.liveAgents().containsKey("grace-gone"));

			// the next term starts without them; once it has looked (it records the
			// agent it finds as joined), one comes back
			this.client.getLeaseClient().revoke(testLease).get(10, TimeUnit.SECONDS);
			await().until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'grace-stays' AND event = 'JOINED'",
					Integer.class) == 2);
			agent("grace-back", 1, Map.of(), 10);

			await().until(() -> this.assignments.count(this.client, "grace-gone") == 0);
			await().until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'grace-gone' AND event = 'LOST' AND jobs_moved = ?",
					Integer.class, goneJobs.size()) == 1);
			assertThat(invariant.violations()).isEmpty();
		}
		// its own keys never moved (it may have taken some of the other's since)
		assertThat(this.assignments.createRevisionsOn("grace-back")).as("the returned agent's keys, untouched")
			.containsAllEntriesOf(backKeys);
		assertEachOnExactlyOneOf(goneJobs, List.of("grace-back", "grace-stays"));
		assertThat(this.assignments.byJob()).hasSize(ids.size());
	}

	private double rebalanceMoves() {
		var counter = this.meters.find("crony.cluster.assignment.moves").tag("reason", "rebalance").counter();
		return (counter != null) ? counter.count() : 0;
	}

	static JobSpec labelled(String name, Map<String, String> labels) {
		return JobRows.spec(name, null, labels);
	}

	static AssignmentSpec any() {
		return AssignmentSpec.DEFAULT;
	}

}
