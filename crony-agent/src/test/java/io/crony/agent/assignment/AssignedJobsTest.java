package io.crony.agent.assignment;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.google.protobuf.ByteString;
import io.crony.agent.lease.Handover;
import io.crony.agent.lease.Handovers;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchEvent.EventType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How one watch response's events become the engine's changes: runs of puts and of
 * deletes, each one call, in the order etcd committed them.
 */
class AssignedJobsTest {

	private static final CronyKeys KEYS = new CronyKeys("/crony");

	private final List<String> calls = new ArrayList<>();

	private final Handovers handovers = new Handovers();

	private final AssignedJobs jobs = new AssignedJobs(KEYS, "agent-1", new RecordingHolder(),
			new SkippingFailures("agent-1"), this.handovers);

	@Test
	void aRunOfPutsIsOneChange() {
		this.jobs.onEvents(List.of(put(1, "0 * * * * ?"), put(2, "0 * * * * ?"), put(3, "0 * * * * ?")));

		assertThat(this.calls).containsExactly("put [1, 2, 3]");
	}

	@Test
	void putsAndDeletesKeepTheirOrder() {
		// a job moved away and back within one response ends held, with its last spec
		this.jobs.onEvents(
				List.of(put(1, "0 * * * * ?"), delete(1), delete(2), put(1, "30 * * * * ?"), put(3, "0 * * * * ?")));

		assertThat(this.calls).containsExactly("put [1]", "remove [1, 2]", "put [1 at 30 * * * * ?, 3]");
	}

	@Test
	void aKeyPutTwiceInARunIsHeldWithItsLastValue() {
		this.jobs.onEvents(List.of(put(1, "0 * * * * ?"), put(2, "0 * * * * ?"), put(1, "30 * * * * ?")));

		assertThat(this.calls).containsExactly("put [1 at 30 * * * * ?, 2]");
	}

	@Test
	void anUnreadableValueIsSkippedAndTheRestHeld() {
		WatchEvent unreadable = event(KEYS.job("agent-1", 2), "{not json", EventType.PUT);

		this.jobs.onEvents(List.of(put(1, "0 * * * * ?"), unreadable, put(3, "0 * * * * ?"), delete(4)));

		assertThat(this.calls).containsExactly("put [1, 3]", "remove [4]");
	}

	@Test
	void theAgentAMovedJobComesFromIsKnownBeforeTheEngineHoldsIt() {
		Instant movedAt = Instant.parse("2026-11-29T08:00:40Z");

		this.jobs.onEvents(List.of(put(1, "0 * * * * ?", "agent-b", movedAt), put(2, "0 * * * * ?")));

		assertThat(this.calls).containsExactly("put [1 from agent-b, 2]");
		assertThat(this.handovers.apply(1)).isEqualTo(new Handover("agent-b", movedAt));
		// placed anew, or written by a web of before the field: no move known
		assertThat(this.handovers.apply(2)).isNull();
	}

	@Test
	void anUpdateInPlaceKeepsTheMoveAndTheKeysDeleteForgetsIt() {
		Instant movedAt = Instant.parse("2026-11-29T08:00:40Z");
		this.jobs.onEvents(List.of(put(1, "0 * * * * ?", "agent-b", movedAt)));

		// the spec changed before the arrival was judged: the move still counts
		this.jobs.onEvents(List.of(put(1, "30 * * * * ?")));
		assertThat(this.handovers.apply(1)).isEqualTo(new Handover("agent-b", movedAt));

		this.jobs.onEvents(List.of(delete(1)));
		assertThat(this.handovers.apply(1)).isNull();
	}

	@Test
	void keysThatAreNotAssignmentsAreIgnored() {
		this.jobs.onEvents(List.of(event("/crony/other/1", "x", EventType.PUT), delete(5)));

		assertThat(this.calls).containsExactly("remove [5]");
	}

	private static WatchEvent put(long jobId, String schedule) {
		return put(jobId, schedule, null, Instant.EPOCH);
	}

	private static WatchEvent put(long jobId, String schedule, String formerHolder, Instant assignedAt) {
		JobSpec spec = new JobSpec(jobId, "j" + jobId, null, schedule, "UTC",
				new TargetSpec(TargetType.HTTP, "GET", "http://x", Map.of(), null, null, null, List.of()), 5,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true, 1);
		String value = new String(CronyJson.toBytes(new JobAssignment(spec, 1, assignedAt, formerHolder)),
				StandardCharsets.UTF_8);
		return event(KEYS.job("agent-1", jobId), value, EventType.PUT);
	}

	private static WatchEvent delete(long jobId) {
		return event(KEYS.job("agent-1", jobId), "", EventType.DELETE);
	}

	private static WatchEvent event(String key, String value, EventType type) {
		io.etcd.jetcd.api.KeyValue kv = io.etcd.jetcd.api.KeyValue.newBuilder()
			.setKey(ByteString.copyFromUtf8(key))
			.setValue(ByteString.copyFromUtf8(value))
			.build();
		return new WatchEvent(new KeyValue(kv, ByteSequence.EMPTY), null, type);
	}

	private final class RecordingHolder implements JobHolder {

		@Override
		public void holdExactly(Collection<JobSpec> specs) {
			AssignedJobsTest.this.calls.add("holdExactly " + describe(specs));
		}

		@Override
		public void put(Collection<JobSpec> specs) {
			AssignedJobsTest.this.calls.add("put " + describe(specs));
		}

		// a job's schedule is named only when it is not the first one used, the agent it
		// moved from only when it is known as the engine takes the job
		private String describe(Collection<JobSpec> specs) {
			return specs.stream().map((spec) -> {
				Handover moved = AssignedJobsTest.this.handovers.apply(spec.id());
				String held = spec.schedule().equals("0 * * * * ?") ? String.valueOf(spec.id())
						: spec.id() + " at " + spec.schedule();
				return (moved != null) ? held + " from " + moved.formerHolder() : held;
			}).toList().toString();
		}

		@Override
		public void remove(Collection<Long> jobIds) {
			AssignedJobsTest.this.calls.add("remove " + jobIds);
		}

	}

}
