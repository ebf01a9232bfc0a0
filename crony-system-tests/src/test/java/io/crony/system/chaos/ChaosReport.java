package io.crony.system.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.crony.system.chaos.ChaosIT.Form;
import io.crony.system.chaos.TargetCalls.Call;

/**
 * What the chaos test measured, window by window: fires expected (jobs × seconds),
 * instants called at the sample target, execution rows by status, duplicates (a job's
 * instant called twice with the same attempt, or two rows), instants with no call, and
 * for agent faults how long each moved job took to fire on its new agent.
 *
 * <p>
 * An instant with no call is counted in the <em>gap</em> when it belongs to a job the
 * fault moved and lies between the last instant its old agent ran and the first one its
 * new agent ran: the instants of a lease TTL in which nobody held the job, which misfire
 * policy FIRE_NOW runs once (the latest) when the job arrives, by design. Every other
 * instant with no call is <em>unexplained</em> and listed in the details file.
 */
final class ChaosReport {

	/**
	 * Where {@link #say} appends, as the test goes (failsafe shows a test's output only
	 * at its end).
	 */
	private static Path progress;

	/**
	 * crony.agent.misfire-threshold (default): a fire reached later than this is a
	 * misfire.
	 */
	static final Duration MISFIRE_THRESHOLD = Duration.ofSeconds(5);

	private final Form form;

	private final int jobs;

	private final List<Result> results;

	private final String failure;

	private final List<String> details;

	private ChaosReport(Form form, int jobs, List<Result> results, String failure, List<String> details) {
		this.form = form;
		this.jobs = jobs;
		this.results = results;
		this.failure = failure;
		this.details = details;
	}

	/** Starts {@code file} afresh as the progress log. */
	static void progressTo(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		progress = file;
	}

	/** A line to the test's output and to the progress log. */
	static synchronized void say(String text) {
		System.out.print(text.endsWith("\n") ? text : text + "\n");
		if (progress != null) {
			try {
				Files.writeString(progress, text.endsWith("\n") ? text : text + "\n", StandardCharsets.UTF_8,
						StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	static ChaosReport measure(Form form, List<Long> jobs, List<Phase> phases, List<Call> calls, Connection db,
			String failure) throws SQLException {
		List<Phase> measured = phases.stream().filter((phase) -> phase.end != null).toList();
		List<String> details = new ArrayList<>();
		if (measured.isEmpty()) {
			return new ChaosReport(form, jobs.size(), List.of(), failure, details);
		}
		Instant from = measured.get(0).start;
		Instant to = measured.get(measured.size() - 1).end;
		Map<Fire, List<Call>> callsByFire = new HashMap<>();
		Map<Long, TreeMap<Instant, List<Call>>> callsByJob = new HashMap<>();
		for (Call call : calls) {
			callsByFire.computeIfAbsent(new Fire(call.jobId(), call.scheduledAt()), (k) -> new ArrayList<>()).add(call);
			callsByJob.computeIfAbsent(call.jobId(), (k) -> new TreeMap<>())
				.computeIfAbsent(call.scheduledAt(), (k) -> new ArrayList<>())
				.add(call);
		}
		Map<Fire, List<Row>> rows = rows(db, jobs, from, to);
		List<Result> results = new ArrayList<>();
		for (Phase phase : measured) {
			results.add(measure(phase, jobs, callsByFire, callsByJob, rows, details));
		}
		return new ChaosReport(form, jobs.size(), results, failure, details);
	}

	private static Result measure(Phase phase, List<Long> jobs, Map<Fire, List<Call>> callsByFire,
			Map<Long, TreeMap<Instant, List<Call>>> callsByJob, Map<Fire, List<Row>> rows, List<String> details) {
		Result result = new Result(phase);
		long seconds = Duration.between(phase.start, phase.end).toSeconds();
		result.expected = seconds * jobs.size();
		List<Long> lateness = new ArrayList<>();
		for (long job : jobs) {
			Instant gapFrom = null;
			Instant gapTo = null;
			Call moved = phase.moved.get(job);
			if (moved != null) {
				gapTo = moved.scheduledAt();
				gapFrom = callsByJob.getOrDefault(job, new TreeMap<>())
					.values()
					.stream()
					.flatMap(List::stream)
					.filter((call) -> call.agentId().equals(phase.agent) && call.receivedAt().isBefore(phase.faultAt))
					.map(Call::scheduledAt)
					.max(Instant::compareTo)
					.orElse(phase.start.minusSeconds(1));
			}
			if (moved != null) {
				Instant last = gapFrom;
				List<Row> inGap = new ArrayList<>();
				long silent = 0;
				for (Instant at = last.plusSeconds(1); at.isBefore(gapTo); at = at.plusSeconds(1)) {
					inGap.addAll(rows.getOrDefault(new Fire(job, at), List.of()));
					silent += callsByFire.containsKey(new Fire(job, at)) ? 0 : 1;
				}
				details.add(phase.key + " MOVED job " + job + ": " + phase.agent + " ran up to " + last + ", "
						+ moved.agentId() + " from " + gapTo + " (received " + moved.receivedAt() + ", row "
						+ rows.getOrDefault(new Fire(job, gapTo), List.of()) + "); " + silent
						+ " instants between without a call, their rows " + inGap);
			}
			for (int s = 0; s < seconds; s++) {
				Fire fire = new Fire(job, phase.start.plusSeconds(s));
				List<Call> fireCalls = callsByFire.getOrDefault(fire, List.of());
				List<Row> fireRows = rows.getOrDefault(fire, List.of());
				for (Row row : fireRows) {
					result.rows.merge(row.status, 1L, Long::sum);
				}
				if (fireRows.size() > 1) {
					result.duplicatedRows++;
					details.add(phase.key + " DUPLICATE ROWS " + describe(fire, fireCalls, fireRows));
				}
				if (fireCalls.isEmpty()) {
					result.lost++;
					if (gapFrom != null && fire.at.isAfter(gapFrom) && fire.at.isBefore(gapTo)) {
						result.lostInGap++;
					}
					else {
						result.lostOther++;
						result.otherReasons.merge(reason(fireRows), 1L, Long::sum);
						details.add(phase.key + " LOST " + describe(fire, neighbours(callsByJob, fire), fireRows));
					}
					if (fireRows.stream().anyMatch((row) -> row.status.equals("SUCCEEDED"))) {
						result.succeededWithoutCall++;
						details.add(phase.key + " SUCCEEDED WITHOUT CALL " + describe(fire, fireCalls, fireRows));
					}
					continue;
				}
				result.called++;
				Map<Integer, Long> perAttempt = fireCalls.stream()
					.collect(Collectors.groupingBy(Call::attempt, Collectors.counting()));
				if (perAttempt.values().stream().anyMatch((n) -> n > 1)) {
					result.duplicatedCalls++;
					details.add(phase.key + " DUPLICATE CALLS " + describe(fire, fireCalls, fireRows));
				}
				fireCalls.stream().filter((call) -> call.attempt() == 1).findFirst().ifPresent((call) -> {
					long late = Duration.between(fire.at, call.receivedAt()).toMillis();
					lateness.add(late);
					if (late > MISFIRE_THRESHOLD.toMillis()) {
						result.lateBeyondThreshold++;
						details.add(phase.key + " RAN MORE THAN " + MISFIRE_THRESHOLD.toSeconds() + " s LATE "
								+ describe(fire, fireCalls, fireRows));
					}
				});
				if (fireRows.isEmpty()) {
					result.calledWithoutRow++;
				}
				if (fireRows.stream().noneMatch((row) -> row.status.equals("SUCCEEDED"))) {
					details.add(phase.key + " CALLED, NOT RECORDED SUCCEEDED " + describe(fire, fireCalls, fireRows));
				}
			}
			TreeMap<Instant, List<Call>> byInstant = callsByJob.getOrDefault(job, new TreeMap<>());
			long agents = byInstant.subMap(phase.start, phase.end)
				.values()
				.stream()
				.flatMap(List::stream)
				.map(Call::agentId)
				.distinct()
				.count();
			if (agents > 1) {
				result.jobsChangingAgent++;
			}
		}
		result.recorded = result.rows.getOrDefault("SUCCEEDED", 0L);
		lateness.sort(Long::compare);
		result.latenessP50 = percentile(lateness, 50);
		result.latenessP99 = percentile(lateness, 99);
		result.latenessMax = lateness.isEmpty() ? 0 : lateness.get(lateness.size() - 1);
		if (phase.faultAt != null && !phase.moved.isEmpty()) {
			List<Long> moves = phase.moved.values()
				.stream()
				.filter((call) -> call != null)
				.map((call) -> Duration.between(phase.faultAt, call.receivedAt()).toMillis())
				.sorted()
				.toList();
			result.moveMaxMillis = moves.isEmpty() ? 0 : moves.get(moves.size() - 1);
			result.moveP50Millis = percentile(moves, 50);
			Map<String, Long> to = phase.moved.values()
				.stream()
				.filter((call) -> call != null)
				.collect(Collectors.groupingBy(Call::agentId, TreeMap::new, Collectors.counting()));
			phase.note("%d jobs of %s moved (%s)", phase.moved.size(), phase.agent,
					to.entrySet()
						.stream()
						.map((e) -> e.getValue() + " to " + e.getKey())
						.collect(Collectors.joining(", ")));
		}
		return result;
	}

	private static List<Call> neighbours(Map<Long, TreeMap<Instant, List<Call>>> callsByJob, Fire fire) {
		TreeMap<Instant, List<Call>> byInstant = callsByJob.getOrDefault(fire.job, new TreeMap<>());
		List<Call> around = new ArrayList<>();
		Map.Entry<Instant, List<Call>> before = byInstant.lowerEntry(fire.at);
		Map.Entry<Instant, List<Call>> after = byInstant.higherEntry(fire.at);
		if (before != null) {
			around.addAll(before.getValue());
		}
		if (after != null) {
			around.addAll(after.getValue());
		}
		return around;
	}

	private static String describe(Fire fire, Collection<Call> calls, Collection<Row> rows) {
		return "job " + fire.job + " instant " + fire.at + " calls "
				+ calls.stream()
					.map((call) -> "[" + call.scheduledAt() + " attempt " + call.attempt() + " by " + call.agentId()
							+ " received " + call.receivedAt() + "]")
					.collect(Collectors.joining(" "))
				+ " rows "
				+ rows.stream()
					.map((row) -> "[" + row.status + " " + row.trigger + " agent " + row.agent + " id " + row.id
							+ (row.error != null ? " error " + row.error : "") + "]")
					.collect(Collectors.joining(" "));
	}

	private static long percentile(List<Long> sorted, int p) {
		if (sorted.isEmpty()) {
			return 0;
		}
		int rank = (int) Math.ceil(p / 100.0 * sorted.size());
		return sorted.get(Math.max(0, rank - 1));
	}

	private static Map<Fire, List<Row>> rows(Connection db, List<Long> jobs, Instant from, Instant to)
			throws SQLException {
		Map<Fire, List<Row>> rows = new HashMap<>();
		String ids = jobs.stream().map(String::valueOf).collect(Collectors.joining(","));
		try (PreparedStatement select = db
			.prepareStatement("SELECT id, job_id, scheduled_at, status, agent_id, trigger_type, error FROM execution"
					+ " WHERE job_id IN (" + ids + ") AND scheduled_at >= ? AND scheduled_at < ?")) {
			select.setObject(1, LocalDateTime.ofInstant(from, ZoneOffset.UTC));
			select.setObject(2, LocalDateTime.ofInstant(to, ZoneOffset.UTC));
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					Instant at = result.getObject(3, LocalDateTime.class).toInstant(ZoneOffset.UTC);
					String error = result.getString(7);
					rows.computeIfAbsent(new Fire(result.getLong(2), at), (k) -> new ArrayList<>())
						.add(new Row(result.getLong(1), result.getString(4), result.getString(5), result.getString(6),
								(error != null && error.length() > 120) ? error.substring(0, 120) : error));
				}
			}
		}
		return rows;
	}

	String failure() {
		return this.failure;
	}

	long duplicated() {
		return this.results.stream().mapToLong((r) -> r.duplicatedCalls + r.duplicatedRows).sum();
	}

	long calledWithoutRow() {
		return this.results.stream().mapToLong((r) -> r.calledWithoutRow).sum();
	}

	long unexplainedLost() {
		return this.results.stream().mapToLong((r) -> r.lostOther).sum();
	}

	/**
	 * The first lines of the details file that name a lost instant or a duplicate: CI
	 * keeps only the end of the output, so the failure message carries them.
	 */
	String losses() {
		return this.details.stream()
			.filter((line) -> line.contains(" LOST ") || line.contains(" DUPLICATE "))
			.limit(10)
			.collect(Collectors.joining("\n", "\n", ""));
	}

	Duration maxMove() {
		return Duration.ofMillis(this.results.stream().mapToLong((r) -> r.moveMaxMillis).max().orElse(0));
	}

	void write(Path dir, Instant began, String loadBefore, String loadAfter) {
		String text = table(began, loadBefore, loadAfter);
		say(text);
		try {
			Files.writeString(dir.resolve(this.form.key() + ".md"), text, StandardCharsets.UTF_8);
			Files.write(dir.resolve(this.form.key() + "-details.txt"), this.details, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private String table(Instant began, String loadBefore, String loadAfter) {
		StringBuilder out = new StringBuilder();
		out.append("# Crony chaos, ")
			.append(this.form.key())
			.append(" form: ")
			.append(this.jobs)
			.append(" every-second jobs (FIRE_NOW), 3 etcd members, MariaDB, 2 web, 3 agents on one machine\n\n");
		out.append("- began ")
			.append(began.truncatedTo(ChronoUnit.SECONDS))
			.append(", ")
			.append(Runtime.getRuntime().availableProcessors())
			.append(" cores, load average before ")
			.append(loadBefore)
			.append(", after ")
			.append(loadAfter)
			.append('\n');
		out.append("- code ").append(git("rev-parse", "--short", "HEAD"));
		String dirty = git("status", "--porcelain", "--untracked-files=no");
		out.append(dirty.isBlank() ? "" : " with uncommitted changes").append('\n');
		out.append("- command: ")
			.append((this.form == Form.LONG) ? "make chaos" : "./mvnw verify (crony-system-tests, ChaosIT)")
			.append('\n');
		if (this.failure != null) {
			out.append("- STOPPED EARLY: ").append(this.failure).append('\n');
		}
		out.append('\n');
		out.append(
				"| step | window (s) | expected | called | recorded SUCCEEDED | other rows | duplicated | lost: gap / other"
						+ " | jobs changing agent | moved jobs firing again after (max / p50) | lateness p50 / p99 / max |\n");
		out.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
		Result total = new Result(null);
		for (Result r : this.results) {
			out.append("| ")
				.append(r.phase.key)
				.append(": ")
				.append(r.phase.title)
				.append(" | ")
				.append(Duration.between(r.phase.start, r.phase.end).toSeconds())
				.append(" | ")
				.append(r.expected)
				.append(" | ")
				.append(r.called)
				.append(" | ")
				.append(r.recorded)
				.append(" | ")
				.append(otherRows(r))
				.append(" | ")
				.append(r.duplicatedCalls + r.duplicatedRows)
				.append(" | ")
				.append(r.lost)
				.append(": ")
				.append(r.lostInGap)
				.append(" / ")
				.append(r.lostOther)
				.append(reasons(r))
				.append(" | ")
				.append(r.jobsChangingAgent)
				.append(" | ")
				.append(r.phase.moved.isEmpty() ? "–"
						: String.format("%.1f s / %.1f s (%d jobs)", r.moveMaxMillis / 1000.0, r.moveP50Millis / 1000.0,
								r.phase.moved.size()))
				.append(" | ")
				.append(r.latenessP50)
				.append(" / ")
				.append(r.latenessP99)
				.append(" / ")
				.append(r.latenessMax)
				.append(" ms")
				.append((r.lateBeyondThreshold > 0)
						? " (" + r.lateBeyondThreshold + " over " + MISFIRE_THRESHOLD.toSeconds() + " s)" : "")
				.append(" |\n");
			total.expected += r.expected;
			total.called += r.called;
			total.recorded += r.recorded;
			total.duplicatedCalls += r.duplicatedCalls + r.duplicatedRows;
			total.lost += r.lost;
			total.lostInGap += r.lostInGap;
			total.lostOther += r.lostOther;
			r.otherReasons.forEach((reason, n) -> total.otherReasons.merge(reason, n, Long::sum));
			total.calledWithoutRow += r.calledWithoutRow;
			total.lateBeyondThreshold += r.lateBeyondThreshold;
			r.rows.forEach((status, n) -> total.rows.merge(status, n, Long::sum));
		}
		out.append("| **all** | ")
			.append(this.results.isEmpty() ? 0
					: Duration
						.between(this.results.get(0).phase.start, this.results.get(this.results.size() - 1).phase.end)
						.toSeconds())
			.append(" | ")
			.append(total.expected)
			.append(" | ")
			.append(total.called)
			.append(" | ")
			.append(total.recorded)
			.append(" | ")
			.append(otherRows(total))
			.append(" | ")
			.append(total.duplicatedCalls)
			.append(" | ")
			.append(total.lost)
			.append(": ")
			.append(total.lostInGap)
			.append(" / ")
			.append(total.lostOther)
			.append(reasons(total))
			.append(" | | | ")
			.append((total.lateBeyondThreshold > 0)
					? total.lateBeyondThreshold + " over " + MISFIRE_THRESHOLD.toSeconds() + " s" : "")
			.append(" |\n\n");
		for (Result r : this.results) {
			if (!r.phase.notes.isEmpty()) {
				out.append("- ").append(r.phase.key).append(": ").append(String.join("; ", r.phase.notes)).append('\n');
			}
		}
		out.append("\nLost in the gap: instants of a moved job between the last one its old agent ran and the first one"
				+ " its new agent ran (FIRE_NOW runs the latest of them once, by design). Lost, other: any other"
				+ " instant with no call. Rows: execution rows of the window's instants after the run settled;"
				+ " other rows are the statuses besides SUCCEEDED. Lateness: first call received minus the instant;"
				+ " over 5 s: calls later than the agents' misfire threshold.\n");
		return out.toString();
	}

	/**
	 * A lost instant's rows in a word: no row, the status, or SKIPPED by the overlap
	 * policy.
	 */
	private static String reason(List<Row> rows) {
		if (rows.isEmpty()) {
			return "no row";
		}
		Row row = rows.get(0);
		boolean overlap = row.error != null && row.error.contains("overlap");
		return row.status + (overlap ? " by overlap SKIP" : "");
	}

	private static String reasons(Result r) {
		if (r.otherReasons.isEmpty()) {
			return "";
		}
		return r.otherReasons.entrySet()
			.stream()
			.map((e) -> e.getValue() + " " + e.getKey())
			.collect(Collectors.joining(", ", " (", ")"));
	}

	private static String otherRows(Result r) {
		String other = r.rows.entrySet()
			.stream()
			.filter((e) -> !e.getKey().equals("SUCCEEDED"))
			.map((e) -> e.getKey() + " " + e.getValue())
			.collect(Collectors.joining(", "));
		return (other.isEmpty() ? "–" : other)
				+ ((r.calledWithoutRow > 0) ? " (" + r.calledWithoutRow + " called without a row)" : "");
	}

	private static String git(String... args) {
		List<String> command = new ArrayList<>(List.of("git"));
		command.addAll(List.of(args));
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			process.waitFor(30, TimeUnit.SECONDS);
			return out;
		}
		catch (IOException ex) {
			return "?";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "?";
		}
	}

	/** One step of the chaos: its window, the fault, what moved. */
	static final class Phase {

		final String key;

		String title;

		final Instant start;

		Instant end;

		Instant faultAt;

		/** The agent a fault hit, whose jobs moved. */
		String agent;

		/**
		 * Each job the fault moved, with its first call from another agent (null until
		 * then).
		 */
		final Map<Long, Call> moved = new LinkedHashMap<>();

		final List<String> notes = new ArrayList<>();

		Phase(String key, String title, Instant start) {
			this.key = key;
			this.title = title;
			this.start = start;
		}

		void movedFrom(String agent, List<Long> jobs) {
			this.agent = agent;
			jobs.forEach((job) -> this.moved.put(job, null));
		}

		void note(String format, Object... args) {
			String note = String.format(format, args);
			this.notes.add(note);
			say("chaos: " + this.key + ": " + note);
		}

	}

	private static final class Result {

		final Phase phase;

		long expected;

		long called;

		long recorded;

		final Map<String, Long> rows = new TreeMap<>();

		long duplicatedCalls;

		long duplicatedRows;

		long lost;

		long lostInGap;

		long lostOther;

		/** What the rows of the other lost instants say: status, and for SKIPPED why. */
		final Map<String, Long> otherReasons = new TreeMap<>();

		long succeededWithoutCall;

		long calledWithoutRow;

		long jobsChangingAgent;

		long moveMaxMillis;

		long moveP50Millis;

		long latenessP50;

		long latenessP99;

		long latenessMax;

		long lateBeyondThreshold;

		Result(Phase phase) {
			this.phase = phase;
		}

	}

	private record Fire(long job, Instant at) {

	}

	private record Row(long id, String status, String agent, String trigger, String error) {

	}

}
