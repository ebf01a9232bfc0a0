package io.crony.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.crony.agent.target.HttpTargetProperties;
import io.crony.agent.target.ShellTargetProperties;
import io.crony.common.execution.OutputCap;
import io.crony.common.job.Labels;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The agent's own settings.
 *
 * @param id stable agent id; empty means {@code host:port}, so a restarted agent is the
 * same node
 * @param host address the agent announces
 * @param port port the agent announces; 0 means the management (server) port
 * @param weight placement weight announced to the leader
 * @param labels labels job selectors match against: a map, or one string
 * {@code dept=pay,zone=a} (as {@code CRONY_AGENT_LABELS} gives it); keys and values of 1
 * to 63 letters, digits, {@code . _ - /} (a value may be empty)
 * @param leaseTtl TTL of the agent's etcd lease
 * @param fencingMargin the agent stops firing when its lease was last confirmed more than
 * {@code leaseTtl - fencingMargin} ago
 * @param claimAhead how far ahead fires are claimed in the database
 * @param workerThreads threads that start runs (targets themselves are asynchronous)
 * @param recordFlushInterval how often execution records are written in one batch
 * @param recordStartHold how long a run's start record is kept back: a run that ends
 * within it is written as one row update instead of two (a longer run shows RUNNING that
 * much later); zero writes each start with its batch
 * @param recordBacklogLimit execution records waiting to be written past which claims
 * wait (an agent given more fires than its database takes records for falls behind its
 * schedule instead of filling its heap)
 * @param spoolDir where records go while the database is unreachable
 * @param spoolMaxSize records not yet written kept in the spool past which no fire is
 * claimed until the database takes them (the records of fires that ran are never dropped;
 * the fires not claimed meanwhile are left to their misfire policies)
 * @param catchUpLimit most missed fires a CATCH_UP job runs when it arrives
 * @param queueLimit most fires of one job waiting for its running run (overlap policy
 * QUEUE, or behind a run that started late); more are recorded SKIPPED
 * @param misfireThreshold how late the engine may reach a scheduled fire (being behind
 * its schedule) before the job's misfire policy decides whether it runs
 * @param outputLimit bytes of a target's answer kept in the execution row: larger output
 * keeps its head and a marker saying how many bytes were dropped; 256 to 65535 (the
 * column's size)
 * @param liveOutputInterval how often the output of a running shell command is written to
 * its execution row (only when it grew; the run's page streams it); zero switches it off
 * @param shell shell target settings
 * @param http HTTP target settings (connection pool)
 * @param etcdPageSize most keys read per etcd range request when the assignment is
 * (re)loaded: 100,000 assignments of about 500 bytes each are far over gRPC's message
 * limit in one response
 * @param etcdMaxMessageSize largest message the agent's etcd client takes: one watch
 * response may batch the events of up to 1,000 revisions, well over gRPC's default 4 MB
 * @param shutdownGrace how long a graceful stop (SIGTERM) waits, from its beginning, for
 * the runs already started to end and be recorded before it closes the target clients; a
 * run still going then is recorded FAILED. Sized to fit a pod's 60 s termination grace
 * (the chart's {@code agent.terminationGracePeriodSeconds}) with the closing steps
 * @param recordsWrittenOnce whether a scheduled or missed fire inside this agent's window
 * is claimed by the window alone, without a claim row, and its record written once at the
 * run's end (docs/scaling.md, "Plan" 3 (c)): about one row write per fire instead of two.
 * On by default, since the guarantee tests pass with it; off, every fire keeps its claim
 * row. Even when on, it holds only while no writer of executions older than schema
 * version 34 was seen for an hour (the rolling upgrade's rule)
 */
@ConfigurationProperties("crony.agent")
public record AgentProperties(@DefaultValue("") String id, @DefaultValue("127.0.0.1") String host,
		@DefaultValue("0") int port, @DefaultValue("1") int weight, Map<String, String> labels,
		@DefaultValue("10s") Duration leaseTtl, @DefaultValue("2s") Duration fencingMargin,
		@DefaultValue("1500ms") Duration claimAhead, @DefaultValue("8") int workerThreads,
		@DefaultValue("50ms") Duration recordFlushInterval, @DefaultValue("1s") Duration recordStartHold,
		@DefaultValue("100000") int recordBacklogLimit, @DefaultValue("./crony-spool") Path spoolDir,
		@DefaultValue("1GB") DataSize spoolMaxSize, @DefaultValue("100") int catchUpLimit,
		@DefaultValue("10") int queueLimit, @DefaultValue("5s") Duration misfireThreshold,
		@DefaultValue("4096") int outputLimit, @DefaultValue("1s") Duration liveOutputInterval,
		@DefaultValue @NestedConfigurationProperty ShellTargetProperties shell,
		@DefaultValue @NestedConfigurationProperty HttpTargetProperties http, @DefaultValue("1000") int etcdPageSize,
		@DefaultValue("64MB") DataSize etcdMaxMessageSize, @DefaultValue("30s") Duration shutdownGrace,
		@DefaultValue("true") boolean recordsWrittenOnce) {

	public AgentProperties {
		labels = (labels != null) ? Map.copyOf(labels) : Map.of();
		// refused at start, not found out when no job's selector ever matches
		Labels.problem(labels).ifPresent((problem) -> {
			throw new IllegalArgumentException("crony.agent.labels: " + problem);
		});
		etcdPageSize = Math.max(1, etcdPageSize);
		outputLimit = OutputCap.bounded(outputLimit);
	}

}
