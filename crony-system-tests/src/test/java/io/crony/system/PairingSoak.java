package io.crony.system;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.common.workflow.LogicalPairing;

/**
 * What a workflow soak's target saw, checked against the pairing rule by logical instant
 * (docs/workflows.md, "Pairing by logical instant"). Each job fires every {@code period}
 * seconds from second {@code phase} of the minute (a period dividing 60), and sends in
 * its body its own logical time ({@code ${yyyy-MM-dd HH:mm:ss}}), then for each of its
 * upstreams the instant that upstream's paired run published as its output {@code at},
 * joined by {@code |}.
 *
 * <p>
 * The rule is crony-common's {@link LogicalPairing}, the code crony-web's leader gates
 * fires by: the fire at {@code T} covers {@code (T - period, T]} and pairs with every
 * upstream instant inside it, else with the upstream's latest instant at or before
 * {@code T}.
 */
final class PairingSoak {

	static final DateTimeFormatter LOGICAL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

	/** A job of the soak and the jobs it depends on. */
	record Job(String name, int period, int phase, List<Job> upstreams) {

		String cron() {
			return this.phase + "/" + this.period + " * * * * ?";
		}

		boolean firesAt(Instant instant) {
			return Math.floorMod(instant.getEpochSecond() - this.phase, this.period) == 0;
		}

		Schedule schedule() {
			return Schedules.parse(cron(), ZoneId.of("UTC"));
		}

		/** The upstream's instants the fire at {@code instant} waits for, ascending. */
		List<Instant> paired(Instant instant, Job upstream) {
			return LogicalPairing.upstreamInstants(schedule(), instant, upstream.schedule());
		}

		/** The body template: its logical time, then each upstream's paired output. */
		String template() {
			StringBuilder template = new StringBuilder("${yyyy-MM-dd HH:mm:ss}");
			for (Job upstream : this.upstreams) {
				template.append("|${upstream.").append(upstream.name()).append(".outputs.at}");
			}
			return template.toString();
		}

	}

	/** One call the target got: which job, at which position of all calls, its body. */
	record Call(String job, int index, Instant instant, List<Instant> upstreamOutputs) {

		// the fields after the upstreams' (an offset template's) are not read here
		static Call parse(Job job, int index, String body) {
			String[] parts = body.split("\\|");
			Instant instant = LocalDateTime.parse(parts[0], LOGICAL_TIME).toInstant(ZoneOffset.UTC);
			List<Instant> outputs = new ArrayList<>();
			for (int i = 1; i <= job.upstreams().size(); i++) {
				outputs.add(Instant.parse(parts[i]));
			}
			return new Call(job.name(), index, instant, outputs);
		}

	}

	/** What the check found. */
	record Verdict(int calls, int pairsChecked, List<String> mispairings) {

	}

	private PairingSoak() {
	}

	/**
	 * @param jobs the soak's jobs, upstreams first
	 * @param calls every call the target got, in order, as "path body"
	 * @param pathPrefix the path of a soak job's call without its name
	 * @param complete the soak's end: every fire of a job from its first call up to it
	 * must have been called
	 */
	static Verdict check(List<Job> jobs, List<String> calls, String pathPrefix, Instant complete) {
		Map<String, Map<Instant, Call>> byJob = new LinkedHashMap<>();
		jobs.forEach((job) -> byJob.put(job.name(), new HashMap<>()));
		List<String> mispairings = new ArrayList<>();
		int count = 0;
		List<Call> parsed = new ArrayList<>();
		for (int i = 0; i < calls.size(); i++) {
			String call = calls.get(i);
			for (Job job : jobs) {
				String prefix = pathPrefix + job.name() + " ";
				if (call.startsWith(prefix)) {
					Call one = Call.parse(job, i, call.substring(prefix.length()));
					parsed.add(one);
					count++;
					if (byJob.get(job.name()).putIfAbsent(one.instant(), one) != null) {
						mispairings.add(job.name() + " called twice for " + one.instant());
					}
				}
			}
		}
		int pairs = 0;
		for (Call call : parsed) {
			Job job = jobs.stream().filter((j) -> j.name().equals(call.job())).findFirst().orElseThrow();
			if (!job.firesAt(call.instant())) {
				mispairings.add(job.name() + " called for " + call.instant() + ", not one of its instants");
			}
			for (int u = 0; u < job.upstreams().size(); u++) {
				Job upstream = job.upstreams().get(u);
				List<Instant> paired = job.paired(call.instant(), upstream);
				pairs += paired.size();
				for (Instant instant : paired) {
					Call ran = byJob.get(upstream.name()).get(instant);
					if (ran == null || ran.index() > call.index()) {
						mispairings.add(job.name() + " at " + call.instant() + " called before " + upstream.name()
								+ " at " + instant + ", which it pairs with, had run");
					}
				}
				Instant read = call.upstreamOutputs().get(u);
				if (!read.equals(paired.get(paired.size() - 1))) {
					mispairings.add(job.name() + " at " + call.instant() + " read the outputs of " + upstream.name()
							+ " at " + read + ", not its latest paired instant " + paired.get(paired.size() - 1));
				}
			}
		}
		for (Job job : jobs) {
			missing(job, byJob.get(job.name()), complete).forEach(mispairings::add);
		}
		return new Verdict(count, pairs, mispairings);
	}

	/** The job's fires from its first call to {@code end} that the target never got. */
	static List<String> missing(Job job, Map<Instant, Call> calls, Instant end) {
		List<String> missing = new ArrayList<>();
		Instant first = calls.keySet().stream().min(Instant::compareTo).orElse(null);
		if (first == null) {
			missing.add(job.name() + " never called");
			return missing;
		}
		for (Instant at = first; !at.isAfter(end); at = at.plusSeconds(job.period())) {
			if (!calls.containsKey(at)) {
				missing.add(job.name() + " not called for " + at);
			}
		}
		return missing;
	}

	/** The jobs called by now, each for every one of its fires up to {@code end}. */
	static boolean completeUpTo(List<Job> jobs, List<String> calls, String pathPrefix, Instant end) {
		Map<String, Map<Instant, Call>> byJob = new HashMap<>();
		for (Job job : jobs) {
			Map<Instant, Call> mine = new HashMap<>();
			String prefix = pathPrefix + job.name() + " ";
			for (String call : calls) {
				if (call.startsWith(prefix)) {
					Call one = Call.parse(job, 0, call.substring(prefix.length()));
					mine.put(one.instant(), one);
				}
			}
			byJob.put(job.name(), mine);
		}
		return jobs.stream().allMatch((job) -> missing(job, byJob.get(job.name()), end).isEmpty());
	}

}
