package io.crony.web.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobAssignment;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.leader.ReconcileGate;
import io.etcd.jetcd.ByteSequence;
import org.junit.jupiter.api.AfterEach;
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
	HeldReconcile gate;

	@AfterEach
	void releaseTheReconcile() {
		this.gate.releaseRead();
		this.gate.releaseSlices();
		this.gate.releaseChangeSlices();
	}

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
			this.gate.holdRead();
			await().until(this.gate::holdingRead);

			// meanwhile: jobs placed, a job deleted, and an agent lost
			ids.addAll(this.jobs.createMany("meanwhile", 10));
			this.jobs.delete(deleted);
			await().until(() -> this.assignments.byJob().size() == 69);
			long held = this.assignments.count(this.client, "r2");
			doomed.expire();
			await().until(() -> this.assignments.count(this.client, "r2") == 0);
			assertEachOnExactlyOneOf(ids, List.of("r1", "r3"));
			assertThat(this.gate.holdingRead()).as("the reconcile is still reading").isTrue();
			awaitLostEvent("r2", held);

			// its corrections, from keys read before all that, are applied; the next
			// reconcile starts only after they were
			int passed = this.gate.readsPassed();
			this.gate.releaseRead();
			await().until(() -> this.gate.readsPassed() >= passed + 2);
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachOnExactlyOneOf(ids, List.of("r1", "r3"));
		assertThat(this.assignments.byJob()).doesNotContainKey(deleted).hasSize(69);
	}

	@Test
	void anAgentLostWhileACorrectionHasSlicesLeftIsFailedOverBeforeTheNextSlice() throws Exception {
		agent("s1", 1, Map.of(), 4);
		TestAgent doomed = agent("s2", 1, Map.of(), 4);
		agent("s3", 1, Map.of(), 4);
		List<Long> ids = this.jobs.createMany("sliced", 60);
		await().until(() -> this.assignments.byJob().size() == 60);
		EtcdAssignments.Snapshot before = this.assignments.snapshot();
		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			// 30 rows changed where only a full reconcile sees them: its correction reads
			// them again ten to a slice (page-size) and is held after its first slice
			List<Long> stale = ids.subList(0, 30);
			this.gate.holdSlicesAfter(1);
			this.jobs.changeUnseen(stale);
			await().until(this.gate::holdingSlice);
			int readsPassed = this.gate.readsPassed();
			long held = this.assignments.count(this.client, "s2");

			doomed.expire();

			// the failover is decided while the correction waits with slices left
			await().until(() -> this.assignments.count(this.client, "s2") == 0);
			awaitLostEvent("s2", held);
			assertEachOnExactlyOneOf(ids, List.of("s1", "s3"));
			assertThat(this.gate.holdingSlice()).as("the correction still waits").isTrue();
			assertThat(this.gate.readsPassed()).as("no reconcile read began after it").isEqualTo(readsPassed);

			// its slices left undo nothing the failover did; what it leaves (jobs the
			// failover moved meanwhile) the next reconcile corrects
			this.gate.releaseSlices();
			await().until(() -> this.assignments.versionsByJob()
				.entrySet()
				.stream()
				.allMatch((job) -> job.getValue() == (stale.contains(job.getKey()) ? 2 : 1)));
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachOnExactlyOneOf(ids, List.of("s1", "s3"));
	}

	@Test
	void anAgentLostWhileAChangeScanHasSlicesLeftIsFailedOverBeforeTheNextSlice() throws Exception {
		agent("c1", 1, Map.of(), 4);
		TestAgent doomed = agent("c2", 1, Map.of(), 4);
		agent("c3", 1, Map.of(), 4);
		List<Long> ids = this.jobs.createMany("scanned", 60);
		await().until(() -> this.assignments.byJob().size() == 60);
		EtcdAssignments.Snapshot before = this.assignments.snapshot();
		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			// 40 jobs changed at once: the change scan reads them ten to a slice
			// (page-size) and is held after its first slice; no full reconcile's
			// correction applies them meanwhile
			List<Long> changed = ids.subList(0, 40);
			this.gate.holdSlicesAfter(0);
			this.gate.holdNextChangeScanAfter(1);
			this.jobs.changeAtOnce(changed);
			await().until(this.gate::holdingChangeSlice);
			long held = this.assignments.count(this.client, "c2");

			doomed.expire();

			// the failover is decided while the change scan waits with slices left
			await().until(() -> this.assignments.count(this.client, "c2") == 0);
			awaitLostEvent("c2", held);
			assertEachOnExactlyOneOf(ids, List.of("c1", "c3"));
			assertThat(this.gate.holdingChangeSlice()).as("the change scan still waits").isTrue();
			Map<Long, Long> versions = this.assignments.versionsByJob();
			assertThat(changed.stream().filter((id) -> versions.get(id) == 1)).as("changed jobs left to its slices")
				.hasSizeGreaterThanOrEqualTo(30);
			// a job changed again meanwhile, one its first slice applied if there is one:
			// the scan records its stamp only once its last slice is applied, so the next
			// scan reads this change
			long again = changed.stream().filter((id) -> versions.get(id) == 2).findFirst().orElse(changed.get(0));
			this.jobs.changeAtOnce(List.of(again));
			Map<Long, Long> expected = new HashMap<>();
			ids.forEach((id) -> expected.put(id, changed.contains(id) ? 2L : 1L));
			expected.put(again, 3L);

			// no periodic read begins while the scan has slices left: the correction
			// held since before the scan is let go, and no read comes after it (one may
			// have been under way when the scan began)
			int readsBefore = this.gate.readsPassed();
			this.gate.releaseSlices();
			await().during(Duration.ofSeconds(3)).until(() -> this.gate.readsPassed() <= readsBefore + 1);
			assertThat(this.gate.holdingChangeSlice()).as("the change scan still waits").isTrue();

			// its slices left bring every job to its row's version, wherever the
			// failover put it, and mirror where each one is
			this.gate.releaseChangeSlices();
			await().until(() -> this.assignments.versionsByJob().equals(expected));
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachOnExactlyOneOf(ids, List.of("c1", "c3"));
		Map<Long, List<String>> holders = this.assignments.byJob();
		await().until(() -> ids.stream().allMatch((id) -> holders.get(id).get(0).equals(this.jobs.agentId(id))));
	}

	@Test
	void jobsCreatedSinceASnapshotAreNotReadAgainByItsCorrectionAndEndUpOnOneAgent() throws Exception {
		agent("n1", 1, Map.of(), 4);
		agent("n2", 1, Map.of(), 4);
		List<Long> ids = new ArrayList<>(this.jobs.createMany("known", 20));
		await().until(() -> this.assignments.byJob().size() == 20);
		EtcdAssignments.Snapshot before = this.assignments.snapshot();
		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, this.keys, before.byJob(),
				before.revision() + 1)) {
			// a reconcile has read the keys and waits to read the rows
			this.gate.holdRead();
			await().until(this.gate::holdingRead);
			// jobs it will read without their keys, placed meanwhile by the change scan,
			// and a row only a full reconcile sees changed, which it reads again
			List<Long> created = this.jobs.createMany("created", 30);
			long unseen = ids.get(0);
			this.jobs.changeUnseen(List.of(unseen));
			await().until(() -> this.assignments.byJob().size() == 50);

			// its read ends; its correction waits before its first slice
			this.gate.holdSlicesAfter(0);
			this.gate.forgetRereads();
			int readsPassed = this.gate.readsPassed();
			this.gate.releaseRead();
			await().until(this.gate::holdingSlice);
			// jobs it did not read at all, placed by the change scan
			List<Long> later = this.jobs.createMany("later", 30);
			await().until(() -> this.assignments.byJob().size() == 80);

			this.gate.releaseSlices();
			await().until(() -> this.gate.readsPassed() >= readsPassed + 2);
			assertThat(this.gate.reread()).contains(unseen)
				.doesNotContainAnyElementsOf(created)
				.doesNotContainAnyElementsOf(later);
			assertThat(this.assignments.versionsByJob()).containsEntry(unseen, 2L);
			ids.addAll(created);
			ids.addAll(later);
			assertEachOnExactlyOneOf(ids, List.of("n1", "n2"));
			assertThat(invariant.violations()).isEmpty();
		}
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
		awaitLostEvent("f2", held);
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
		awaitLostEvent("u2", held - 1);
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
	static class HeldReconcileConfiguration {

		@Bean
		HeldReconcile heldReconcile() {
			return new HeldReconcile();
		}

	}

	/**
	 * Holds the periodic full reconcile between its read of the keys and of the rows, or
	 * its corrections before a slice, or the change scan before a slice, and records the
	 * jobs the corrections read again.
	 */
	static final class HeldReconcile implements ReconcileGate {

		private volatile CountDownLatch gate = new CountDownLatch(0);

		private volatile boolean holding;

		private final AtomicInteger passed = new AtomicInteger();

		/** Slices are held once this many were applied. */
		private volatile int holdAfter = Integer.MAX_VALUE;

		private volatile boolean holdingSlice;

		private final Set<Long> reread = ConcurrentHashMap.newKeySet();

		/** The slices after which the next change scan to begin is held; -1: none. */
		private volatile int holdNextScanAfter = -1;

		/** The change scan under way is held once this many slices were applied. */
		private volatile int holdChangesAfter = Integer.MAX_VALUE;

		private volatile boolean holdingChangeSlice;

		@Override
		public void passRead() throws InterruptedException {
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

		@Override
		public boolean holdsSlice(int slicesApplied) {
			this.holdingSlice = slicesApplied >= this.holdAfter;
			return this.holdingSlice;
		}

		@Override
		public boolean holdsChangeSlice(int slicesApplied) {
			int next = this.holdNextScanAfter;
			if (slicesApplied == 0 && next >= 0) {
				// a scan that began since it was asked for, not one already under way
				this.holdChangesAfter = next;
				this.holdNextScanAfter = -1;
			}
			this.holdingChangeSlice = slicesApplied >= this.holdChangesAfter;
			return this.holdingChangeSlice;
		}

		@Override
		public void rereads(Collection<Long> jobIds) {
			this.reread.addAll(jobIds);
		}

		void holdRead() {
			this.gate = new CountDownLatch(1);
		}

		void releaseRead() {
			this.gate.countDown();
		}

		boolean holdingRead() {
			return this.holding;
		}

		int readsPassed() {
			return this.passed.get();
		}

		/**
		 * Holds the next correction that applied this many slices (0: before its first).
		 */
		void holdSlicesAfter(int slices) {
			this.holdAfter = slices;
		}

		void releaseSlices() {
			this.holdAfter = Integer.MAX_VALUE;
		}

		/** Whether a correction with slices left was last told to wait. */
		boolean holdingSlice() {
			return this.holdingSlice;
		}

		/** Holds the next change scan to begin once it applied this many slices. */
		void holdNextChangeScanAfter(int slices) {
			this.holdNextScanAfter = slices;
		}

		void releaseChangeSlices() {
			this.holdNextScanAfter = -1;
			this.holdChangesAfter = Integer.MAX_VALUE;
		}

		/** Whether a change scan with slices left was last told to wait. */
		boolean holdingChangeSlice() {
			return this.holdingChangeSlice;
		}

		void forgetRereads() {
			this.reread.clear();
		}

		Set<Long> reread() {
			return Set.copyOf(this.reread);
		}

	}

	/** Waits for the agent's LOST event naming how many jobs its failover moved. */
	private void awaitLostEvent(String agentId, long jobsMoved) {
		await().until(() -> this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM agent_event WHERE agent_id = ? AND event = 'LOST' AND jobs_moved = ?",
				Integer.class, agentId, jobsMoved) == 1);
	}

}
