package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.common.workflow.LogicalPairing;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random workflows in simulated time, checked against the pairing rule written out by
 * brute force: each DAG has jobs on schedules of different periods, upstream runs that
 * take random time (so later instants often finish first), fail at random, and jobs
 * disabled for a while. Every two simulated minutes the gate ({@link LogicalPairing} and
 * {@link PairedGate}, as the leader calls them) decides each waiting fire; the oracle
 * names, from the whole list of every job's instants, the upstream instants the rule
 * pairs the fire with and what their runs say. Any difference is a mispairing.
 */
class LogicalPairingOracleTest {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private static final List<String> SCHEDULES = List.of("0 * * * * ?", "20 * * * * ?", "0 */5 * * * ?",
			"40 */15 * * * ?", "0 0 * * * ?", "0 30 */6 * * ?", "0 0 6 * * ?", "0 15 */2 * * ?", "30 */7 * * * ?");

	private static final Instant START = Instant.parse("2026-11-20T00:00:00Z");

	private static final Duration TICK = Duration.ofMinutes(2);

	@Test
	void everyDownstreamInstantWaitsForExactlyTheUpstreamInstantsTheRuleNames() {
		int dags = 200;
		long decisions = 0;
		long releases = 0;
		long stops = 0;
		List<String> mispairings = new ArrayList<>();
		for (int seed = 0; seed < dags; seed++) {
			Simulation simulation = new Simulation(new Random(seed));
			simulation.run(mispairings);
			decisions += simulation.decisions;
			releases += simulation.releases;
			stops += simulation.stops;
		}
		assertThat(mispairings).as("mispairings").isEmpty();
		// the simulations exercise the rule: many releases and stops of each kind
		assertThat(releases).isGreaterThan(1000);
		assertThat(stops).isGreaterThan(100);
		assertThat(decisions).isGreaterThan(releases + stops);
	}

	/** One random DAG over a simulated day. */
	private static final class Simulation {

		private final Random random;

		private final List<Job> jobs = new ArrayList<>();

		private final Instant end;

		long decisions;

		long releases;

		long stops;

		private long nextId = 1;

		// each (fire, upstream)'s paired instants, as the gate was given them
		private final Map<Long, List<Instant>> paired = new HashMap<>();

		Simulation(Random random) {
			this.random = random;
			this.end = START.plus(Duration.ofDays(1));
			int size = 3 + random.nextInt(4);
			for (int i = 0; i < size; i++) {
				Job job = new Job(i, "job-" + i, Schedules.parse(SCHEDULES.get(random.nextInt(SCHEDULES.size())), UTC));
				// upstreams only among earlier jobs: a DAG
				for (int j = 0; j < i; j++) {
					if (random.nextInt(3) == 0 && job.upstreams.size() < 3) {
						job.upstreams.add(this.jobs.get(j));
					}
				}
				if (random.nextInt(4) == 0) {
					Instant from = START.plus(Duration.ofMinutes(random.nextInt(24 * 60)));
					job.disabledFrom = from;
					job.disabledTo = from.plus(Duration.ofMinutes(30 + random.nextInt(6 * 60)));
				}
				job.failureRate = random.nextInt(4) * 0.05;
				// every instant since a day before the start (each schedule's previous
				// instant is in it), for the oracle
				Instant cursor = START.minus(Duration.ofDays(1));
				for (Instant next : job.schedule.nextFires(cursor, 10_000)) {
					if (next.isAfter(this.end)) {
						break;
					}
					job.instants.add(next);
				}
				this.jobs.add(job);
			}
		}

		void run(List<String> mispairings) {
			for (Instant now = START; !now.isAfter(this.end); now = now.plus(TICK)) {
				for (Job job : this.jobs) {
					fire(job, now);
					finish(job, now);
				}
				for (Job job : this.jobs) {
					decide(job, now, mispairings);
				}
			}
		}

		// each instant due since the last tick gets its row: a run, a waiting fire, or
		// none while the job is disabled
		private void fire(Job job, Instant now) {
			while (job.next < job.instants.size() && !job.instants.get(job.next).isAfter(now)) {
				Instant instant = job.instants.get(job.next++);
				if (instant.isBefore(START) || job.disabledAt(instant)) {
					continue;
				}
				if (job.upstreams.isEmpty()) {
					start(job, instant, now);
				}
				else {
					Row fire = new Row(this.nextId++, ExecutionStatus.WAITING, instant, null, null);
					job.rows.put(instant, fire);
					job.waiting.add(fire);
				}
			}
		}

		private void start(Job job, Instant instant, Instant now) {
			// up to three hours: later instants often end first
			Duration takes = Duration.ofSeconds(1 + this.random.nextInt(this.random.nextInt(10) == 0 ? 3 * 3600 : 600));
			ExecutionStatus outcome = (this.random.nextDouble() < job.failureRate) ? ExecutionStatus.FAILED
					: ExecutionStatus.SUCCEEDED;
			Row run = new Row(this.nextId++, ExecutionStatus.RUNNING, instant, now.plus(takes), outcome);
			job.rows.put(instant, run);
			job.running.add(run);
			if (job.newestStarted == null || instant.isAfter(job.newestStarted)) {
				job.newestStarted = instant;
			}
		}

		private void finish(Job job, Instant now) {
			job.running.removeIf((row) -> {
				if (row.endsAt.isAfter(now)) {
					return false;
				}
				row.status = row.outcome;
				return true;
			});
		}

		private void decide(Job job, Instant now, List<String> mispairings) {
			for (Row fire : new ArrayList<>(job.waiting)) {
				this.decisions++;
				List<PairedGate.Upstream> upstreams = new ArrayList<>();
				for (Job upstream : job.upstreams) {
					// the pairing is pure: computed (and checked) once per fire and
					// upstream
					List<Instant> paired = this.paired.computeIfAbsent(fire.id * 16 + upstream.id, (key) -> {
						List<Instant> instants = LogicalPairing.upstreamInstants(job.schedule, fire.instant,
								upstream.schedule, Duration.ZERO);
						List<Instant> expected = oracle(job, fire.instant, upstream);
						if (!instants.equals(expected)) {
							mispairings.add(job.name + " at " + fire.instant + " paired with " + upstream.name + " at "
									+ instants + ", the rule names " + expected);
						}
						return instants;
					});
					Map<Instant, UpstreamRun> runs = new HashMap<>();
					for (Instant instant : paired) {
						Row row = upstream.rows.get(instant);
						if (row != null) {
							runs.put(instant, row.asUpstreamRun(upstream.id));
						}
					}
					upstreams.add(new PairedGate.Upstream(upstream.name, !upstream.disabledAt(now), paired, runs,
							upstream.newestStarted));
				}
				PairedGate.Decision decision = PairedGate.decide(upstreams);
				String expected = expectedDecision(job, fire, now);
				String actual = (decision instanceof PairedGate.Decision.Open) ? "open"
						: (decision instanceof PairedGate.Decision.Stopped) ? "stopped" : "waiting";
				if (!expected.equals(actual)) {
					mispairings.add(job.name + " at " + fire.instant + " at " + now + ": the gate says " + decision
							+ ", the rule " + expected);
				}
				if (decision instanceof PairedGate.Decision.Open open) {
					this.releases++;
					// released by a run of a paired instant, never by another
					Job by = this.jobs.get((int) open.last().jobId());
					if (!this.paired.get(fire.id * 16 + by.id).contains(open.last().scheduledAt())) {
						mispairings.add(job.name + " at " + fire.instant + " released by " + by.name + " at "
								+ open.last().scheduledAt());
					}
					job.waiting.remove(fire);
					start(job, fire.instant, now);
				}
				else if (decision instanceof PairedGate.Decision.Stopped) {
					this.stops++;
					job.waiting.remove(fire);
					fire.status = ExecutionStatus.SKIPPED;
					if (job.newestStarted == null || fire.instant.isAfter(job.newestStarted)) {
						job.newestStarted = fire.instant;
					}
					fire.endsAt = now;
				}
			}
		}

		// the rule, written out over the sorted list of every instant of both jobs
		private static List<Instant> oracle(Job downstream, Instant instant, Job upstream) {
			int at = Collections.binarySearch(downstream.instants, instant);
			Instant previous = (at > 0) ? downstream.instants.get(at - 1) : null;
			// the upstream's instants at or before the fire's: [0, until)
			int until = Collections.binarySearch(upstream.instants, instant);
			until = (until >= 0) ? until + 1 : -until - 1;
			int from = until;
			while (previous != null && from > 0 && upstream.instants.get(from - 1).isAfter(previous)) {
				from--;
			}
			if (from < until) {
				return List
					.copyOf(upstream.instants.subList(Math.max(from, until - LogicalPairing.MAX_INSTANTS), until));
			}
			return (until == 0) ? List.of() : List.of(upstream.instants.get(until - 1));
		}

		// stopped when a paired run ended without success, or a paired instant has no run
		// while its job is disabled or has started a later instant; open when all
		// succeeded; else waiting
		private String expectedDecision(Job downstream, Row fire, Instant now) {
			boolean waiting = false;
			for (Job upstream : downstream.upstreams) {
				for (Instant paired : this.paired.get(fire.id * 16 + upstream.id)) {
					Row row = upstream.rows.get(paired);
					if (row == null) {
						Instant newest = upstream.newestStarted;
						if (upstream.disabledAt(now) || (newest != null && newest.isAfter(paired))) {
							return "stopped";
						}
						waiting = true;
					}
					else if (row.status.isFinal() && row.status != ExecutionStatus.SUCCEEDED) {
						return "stopped";
					}
					else if (row.status != ExecutionStatus.SUCCEEDED) {
						waiting = true;
					}
				}
			}
			return waiting ? "waiting" : "open";
		}

	}

	private static final class Job {

		final long id;

		final String name;

		final Schedule schedule;

		final List<Job> upstreams = new ArrayList<>();

		final List<Instant> instants = new ArrayList<>();

		final TreeMap<Instant, Row> rows = new TreeMap<>();

		final List<Row> running = new ArrayList<>();

		final Set<Row> waiting = new LinkedHashSet<>();

		// the newest instant whose run started or ended (neither waiting nor claimed)
		Instant newestStarted;

		int next;

		Instant disabledFrom;

		Instant disabledTo;

		double failureRate;

		Job(long id, String name, Schedule schedule) {
			this.id = id;
			this.name = name;
			this.schedule = schedule;
		}

		boolean disabledAt(Instant instant) {
			return this.disabledFrom != null && !instant.isBefore(this.disabledFrom)
					&& instant.isBefore(this.disabledTo);
		}

	}

	private static final class Row {

		final long id;

		ExecutionStatus status;

		final Instant instant;

		Instant endsAt;

		final ExecutionStatus outcome;

		Row(long id, ExecutionStatus status, Instant instant, Instant endsAt, ExecutionStatus outcome) {
			this.id = id;
			this.status = status;
			this.instant = instant;
			this.endsAt = endsAt;
			this.outcome = outcome;
		}

		UpstreamRun asUpstreamRun(long jobId) {
			return new UpstreamRun(this.id, jobId, this.status, this.instant,
					this.status.isFinal() ? this.endsAt : null, null, null);
		}

	}

}
