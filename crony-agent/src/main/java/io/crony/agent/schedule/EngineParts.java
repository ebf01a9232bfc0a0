package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.Fence;
import io.crony.agent.lease.Handover;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;

/**
 * What the firing engine needs from the rest of the agent.
 *
 * @param agentId this agent's id
 * @param parser reads schedule expressions
 * @param store the execution table
 * @param records the record writer
 * @param targets the targets
 * @param fence the lease fence
 * @param metrics meters
 * @param workers pool that starts runs
 * @param timer timer for retry backoff
 * @param clock wall clock
 * @param claimAhead how far ahead fires are claimed
 * @param catchUpLimit most missed fires CATCH_UP runs
 * @param queueLimit most fires of one job waiting for its running run
 * @param misfireThreshold how late the engine may reach a scheduled fire before the job's
 * misfire policy decides whether it runs ({@link LateFires})
 * @param runs told of every run's final outcome (alerts)
 * @param agentStandings whether another agent is registered in etcd now, and whether it
 * left a stop mark (a job's former holder: {@link FormerHolderFires})
 * @param leaderLeaseTtl the web leader's lease TTL as last read from etcd, empty before
 * any was read: part of how long a job's failover may take ({@link FormerHolderFires})
 * @param handovers the agent a held job moved from, as its assignment names it, null when
 * none is known (a job's former holder: {@link FormerHolderFires})
 * @param tracing the spans of runs ({@link RunTracing#off()} for none)
 * @param recordsWrittenOnce whether a fire inside this agent's window may be claimed by
 * the window alone and its record written once (docs/scaling.md, "Plan" 3 (c)), which
 * then holds only while no writer older than V34 was seen for an hour
 * ({@code ExecutionStore#noOlderWriterSeenBefore})
 */
public record EngineParts(String agentId, ScheduleParser parser, ExecutionStore store, RecordWriter records,
		Targets targets, Fence fence, AgentMetrics metrics, ExecutorService workers, ScheduledExecutorService timer,
		Clock clock, Duration claimAhead, int catchUpLimit, int queueLimit, Duration misfireThreshold, RunListener runs,
		Function<String, AgentStanding> agentStandings, Supplier<Optional<Duration>> leaderLeaseTtl,
		LongFunction<Handover> handovers, RunTracing tracing, boolean recordsWrittenOnce) {

	/**
	 * Parts with no tracing, no leader lease TTL known, no move's former holder and every
	 * fire's claim row written: a job taken over from an agent that did not hand it over
	 * leaves it every missed instant up to its fence, that agent known from the job's
	 * last run.
	 */
	public EngineParts(String agentId, ScheduleParser parser, ExecutionStore store, RecordWriter records,
			Targets targets, Fence fence, AgentMetrics metrics, ExecutorService workers, ScheduledExecutorService timer,
			Clock clock, Duration claimAhead, int catchUpLimit, int queueLimit, Duration misfireThreshold,
			RunListener runs, Function<String, AgentStanding> agentStandings) {
		this(agentId, parser, store, records, targets, fence, metrics, workers, timer, clock, claimAhead, catchUpLimit,
				queueLimit, misfireThreshold, runs, agentStandings, Optional::empty, (jobId) -> null, RunTracing.off(),
				false);
	}

}
