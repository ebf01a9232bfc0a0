package io.crony.web.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobAssignment;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.leader.ReconcileReadGate;
import io.etcd.jetcd.ByteSequence;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;

import static io.crony.web.cluster.EtcdBytes.bytes;
import static org.assertj.core.api.Assertions.assertThat;

// a full reconcile every second, so one is soon under way whenever a test holds it; rows
// and keys read ten to a page, so each test's jobs take several
@SpringBootTest(properties = { "crony.web.cluster.full-reconcile-interval=1s", "crony.web.cluster.page-size=10" })
@DirtiesContext
class FailoverIT extends ClusterItSupport {

	@Autowired
	HeldReconcileRead heldRead;

	@Test
	void anAgentsJobsMoveWhileAFullReconcileIsReadingAndItsCorrectionsUndoNothing() throws Exception {
		agent("r1", 1, Map.of(), 4);
		TestAgent doomed = agent("r2", 1, Map.of(), 4);
		agent("r3", 1, Map.of(), 4);
		List<Long> ids = new ArrayList<>(this.jobs.createMany("reconciled", 60));
		long deleted = ids.remove(0);
		await().until(() -> this.assignments.byJob().size() == 60);
		EtcdAssignments.Snapshot before = this.assignments.snapshot();
		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			// a reconcile has read the keys and waits to read the rows
			this.heldRead.hold();
			await().until(this.heldRead::holding);

			// meanwhile: jobs placed, a job deleted, and an agent lost
			ids.addAll(this.jobs.createMany("meanwhile", 10));
			this.jobs.delete(deleted);
			await().until(() -> this.assignments.byJob().size() == 69);
			long held = this.assignments.count(this.client, "r2");
			doomed.expire();
			await().until(() -> this.assignments.count(this.client, "r2") == 0);
			assertEachOnExactlyOneOf(ids, List.of("r1", "r3"));
			assertThat(this.heldRead.holding()).as("the reconcile is still reading").isTrue();
			await().until(() -> this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'r2' AND event = 'LOST' AND jobs_moved = ?",
					Integer.class, held) == 1);

			// its corrections, from keys read before all that, are applied; the next
			// reconcile starts only after they were
			int passed = this.heldRead.passed();
			this.heldRead.release();
			await().until(() -> this.heldRead.passed() >= passed + 2);
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachOnExactlyOneOf(ids, List.of("r1", "r3"));
		assertThat(this.assignments.byJob()).doesNotContainKey(deleted).hasSize(69);
	}

	@Test
	void movesEveryJobOfAnExpiredAgentToSurvivorsNeverOnTwoAgents() throws Exception {
		agent("f1", 1, Map.of(), 4);
		TestAgent doomed = agent("f2", 1, Map.of(), 4);
		agent("f3", 1, Map.of(), 4);
		List<Long> ids = this.jobs.createMany("failover", 300);
		await().until(() -> this.assignments.byJob().size() == 300);
		long held = this.assignments.count(this.client, "f2");
		assertThat(held).isBetween(90L, 110L);
		long onceJob = this.assignments.anyJobOn("f2");
		OnceRequest once = new OnceRequest(77, onceJob, TriggerType.MANUAL, null, Instant.now(), "test");
		this.client.getKVClient()
			.put(bytes(this.keys.once("f2", 77)), ByteSequence.from(CronyJson.toBytes(once)))
			.get(10, TimeUnit.SECONDS);

		EtcdAssignments.Snapshot before = this.assignments.snapshot();
		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			doomed.expire();

			await().until(() -> this.assignments.count(this.client, "f2") == 0);
			await().until(() -> invariant.events() >= 2 * held);
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachOnExactlyOneOf(ids, List.of("f1", "f3"));
		String newHolder = this.assignments.byJob().get(onceJob).get(0);
		// the new key names the agent the job moved from: its new holder judges by it
		// the instants the job missed (crony-agent's FormerHolderFires)
		assertThat(this.assignments.value(newHolder, onceJob).formerHolder()).isEqualTo("f2");
		// the run-now request follows its job once the jobs have moved (a later write)
		await().untilAsserted(() -> {
			assertThat(this.client.getKVClient().get(bytes(this.keys.once(newHolder, 77))).get().getKvs()).hasSize(1);
			assertThat(this.client.getKVClient().get(bytes(this.keys.once("f2", 77))).get().getKvs()).isEmpty();
		});
		await().until(() -> this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'f2' AND event = 'LOST' AND jobs_moved = ?",
				Integer.class, held) == 1);
		await().until(
				() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM job WHERE agent_id = 'f2'", Integer.class) == 0);
		this.client.getKVClient().delete(bytes(this.keys.once(newHolder, 77))).get(10, TimeUnit.SECONDS);
	}

	@Test
	void anUnreadableKeyOfALostAgentIsPlacedAnewAndHoldsUpNoOtherMove() throws Exception {
		agent("u1", 1, Map.of(), 4);
		TestAgent doomed = agent("u2", 1, Map.of(), 4);
		List<Long> ids = this.jobs.createMany("unreadable", 40);
		await().until(() -> this.assignments.byJob().size() == 40);
		long held = this.assignments.count(this.client, "u2");
		long broken = this.assignments.anyJobOn("u2");
		this.client.getKVClient()
			.put(bytes(this.keys.job("u2", broken)), ByteSequence.from("{not json", StandardCharsets.UTF_8))
			.get(10, TimeUnit.SECONDS);

		doomed.expire();

		// the failover itself went through in one step: every other key moved
		await().until(() -> this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM agent_event WHERE agent_id = 'u2' AND event = 'LOST' AND jobs_moved = ?",
				Integer.class, held - 1) == 1);
		await().until(() -> this.assignments.count(this.client, "u2") == 0);
		// and the broken one was placed anew from its row, readable
		await().untilAsserted(() -> assertEachOnExactlyOneOf(ids, List.of("u1")));
		byte[] value = this.client.getKVClient()
			.get(bytes(this.keys.job("u1", broken)))
			.get(10, TimeUnit.SECONDS)
			.getKvs()
			.get(0)
			.getValue()
			.getBytes();
		assertThat(CronyJson.fromBytes(value, JobAssignment.class).job().id()).isEqualTo(broken);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class HeldReadConfiguration {

		@Bean
		HeldReconcileRead heldReconcileRead() {
			return new HeldReconcileRead();
		}

	}

	/** Holds the periodic full reconcile between its read of the keys and of the rows. */
	static final class HeldReconcileRead implements ReconcileReadGate {

		private volatile CountDownLatch gate = new CountDownLatch(0);

		private volatile boolean holding;

		private final AtomicInteger passed = new AtomicInteger();

		@Override
		public void pass() throws InterruptedException {
			CountDownLatch current = this.gate;
			if (current.getCount() > 0) {
				this.holding = true;
				try {
					current.await();
				}
				finally {
					this.holding = false;
				}
			}
			this.passed.incrementAndGet();
		}

		void hold() {
			this.gate = new CountDownLatch(1);
		}

		void release() {
			this.gate.countDown();
		}

		boolean holding() {
			return this.holding;
		}

		int passed() {
			return this.passed.get();
		}

	}

}
