package io.crony.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.crony.bench.ClusterBench.waitFor;

/**
 * An agent holding all the jobs (FIRE_NOW) is killed with SIGKILL while a second agent is
 * up; the web leader moves the jobs once the dead agent's lease expires. Measures kill →
 * all keys under the survivor, kill → every job called by the survivor, kill → the jobs
 * on their schedule again, and the missed and duplicate fires around it.
 */
final class AgentFailover {

	// a fire called later than this past its instant counts as not on schedule
	private static final long ON_SCHEDULE_MILLIS = 1000;

	private final AgentBench bench;

	private final AgentProcess victim;

	private final AgentProcess survivor;

	AgentFailover(AgentBench bench, AgentProcess victim, AgentProcess survivor) {
		this.bench = bench;
		this.victim = victim;
		this.survivor = survivor;
	}

	/**
	 * Runs it, the jobs already on the victim, and {@code survivorJobs} of the survivor's
	 * own numbered right after them. The survivor was started after they were assigned:
	 * with both alive the leader's placement would have split them (it does not rebalance
	 * on its own when an agent joins).
	 */
	void run(long firstId, int jobs, int every, int survivorJobs) throws Exception {
		this.bench.awaitOnline(2, this.survivor);
		AgentBench.sleepUntil(System.currentTimeMillis() + 10_000);
		if (this.bench.etcd().assignments(this.victim.id()) != jobs) {
			throw new IllegalStateException("the jobs did not stay on " + this.victim.id());
		}
		long kill = System.currentTimeMillis();
		this.victim.kill9();
		EtcdCounts etcd = this.bench.etcd();
		waitFor("jobs moved to " + this.survivor.id(), Duration.ofMinutes(5),
				() -> etcd.assignments(this.victim.id()) == 0
						&& etcd.assignments(this.survivor.id()) == jobs + survivorJobs);
		long moved = System.currentTimeMillis();
		// Polled slowly (copying every call is not free); the figure comes from the
		// calls.
		// Bounded: an overrun survivor is a result, not an error.
		long deadline = System.currentTimeMillis() + 120_000;
		while (firstCalls(this.bench.target().calls(), firstId, jobs, kill).size() < jobs
				&& System.currentTimeMillis() < deadline) {
			AgentBench.sleepUntil(System.currentTimeMillis() + 1000);
		}
		Map<Long, Long> first = firstCalls(this.bench.target().calls(), firstId, jobs, kill);
		long allFired = first.values().stream().mapToLong(Long::longValue).max().orElse(kill);
		String called = (first.size() == jobs) ? ""
				: ": NOT REACHED, only " + first.size() + " jobs called within 120 s, the last";
		long fromSecond = kill / 1000 - 5;
		long untilSecond = allFired / 1000 + 5;
		// on schedule again: judged over 20 s past the last job's first call, so a
		// survivor still behind then is seen
		long scheduleUntil = untilSecond + 15;
		AgentBench.sleepUntil(scheduleUntil * 1000 + 3000);
		List<LoopbackTarget.Call> calls = this.bench.target().calls();
		FireStats stats = FireStats.of(calls, firstId, jobs, every, fromSecond, untilSecond);
		long killSecond = kill / 1000 + 1;
		FireStats after = FireStats.of(calls, firstId, jobs, every, killSecond, scheduleUntil);
		int onSchedule = after.onScheduleFrom(ON_SCHEDULE_MILLIS);
		String scheduled = (onSchedule < after.worstBySecond().length)
				? String.format("%.2f s", ((killSecond + onSchedule) * 1000 - kill) / 1e3)
				: "NOT REACHED within " + (scheduleUntil - killSecond) + " s";
		// the survivor's own jobs were numbered right after the moved ones
		this.bench.unassign(this.survivor, firstId, jobs + survivorJobs);
		this.bench.report(String.format(
				"failover of %d jobs (every %d s, FIRE_NOW, lease TTL %s) to an agent running %d of its own: "
						+ "kill -> all keys under %s %.2f s, kill -> every job called by it%s %.2f s, "
						+ "kill -> on schedule again (every fire from that instant called, none over %d ms late) %s "
						+ "| window %d s around it: expected %d observed %d missed %d duplicate %d | load %s",
				jobs, every, AgentProcess.leaseTtl(), survivorJobs, this.survivor.id(), (moved - kill) / 1e3, called,
				(allFired - kill) / 1e3, ON_SCHEDULE_MILLIS, scheduled, untilSecond - fromSecond, stats.expected(),
				stats.observed(), stats.missed(), stats.duplicates(), AgentBench.loadAverage()));
	}

	/** Per job, when the survivor's first call after the kill arrived. */
	private Map<Long, Long> firstCalls(List<LoopbackTarget.Call> calls, long firstId, int jobs, long kill) {
		Map<Long, Long> first = new HashMap<>();
		String id = this.survivor.id();
		for (LoopbackTarget.Call call : calls) {
			if (call.jobId() >= firstId && call.jobId() < firstId + jobs && id.equals(call.agentId())
					&& call.receivedAtMillis() >= kill) {
				first.merge(call.jobId(), call.receivedAtMillis(), Math::min);
			}
		}
		return first;
	}

}
