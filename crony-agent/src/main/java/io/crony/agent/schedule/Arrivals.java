package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.LastFire;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the misfire policy to jobs as they arrive, in batches (one query per 1,000
 * jobs), on a thread of its own: an agent taking 100,000 jobs must neither query once per
 * job nor hold up the watch that delivers them. A job's regular next fire is planned when
 * it arrives; the fires its policy runs for the instants missed up to the arrival, and
 * the fires its former holder released ({@link Misfires}), go into the engine's plan like
 * any other fire; the missed instants a former holder may have run unrecorded are left to
 * it ({@link FormerHolderFires}).
 */
final class Arrivals implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(Arrivals.class);

	private static final int BATCH = 1000;

	// how far back a released fire is still taken: as long as a contested one is retried
	private static final Duration RELEASED_WINDOW = Duration.ofMillis(ClaimStage.RETAKE_GRACE_MILLIS);

	private final Misfires misfires;

	private final FormerHolderFires formerHolder;

	private final Consumer<Fire> plan;

	private final Clock clock;

	private final LinkedBlockingQueue<Arrival> arrived = new LinkedBlockingQueue<>();

	private final Thread thread = new Thread(this::loop, "crony-misfire");

	private volatile boolean running = true;

	Arrivals(Misfires misfires, FormerHolderFires formerHolder, Consumer<Fire> plan, Clock clock) {
		this.misfires = misfires;
		this.formerHolder = formerHolder;
		this.plan = plan;
		this.clock = clock;
		this.thread.setDaemon(true);
	}

	void start() {
		this.thread.start();
	}

	/** A job arrived at {@code at} with this generation of its schedule. */
	void arrived(JobState job, long generation, Instant at) {
		this.arrived.add(new Arrival(job, generation, at));
	}

	private void loop() {
		List<Arrival> batch = new ArrayList<>();
		while (this.running) {
			try {
				batch.add(this.arrived.take());
				this.arrived.drainTo(batch, BATCH - 1);
				planMissedFires(batch);
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.error("Engine could not apply misfire policies of {} jobs", batch.size(), ex);
			}
			finally {
				batch.clear();
			}
		}
	}

	private void planMissedFires(List<Arrival> batch) {
		List<JobState> jobs = batch.stream().map(Arrival::job).toList();
		Instant until = batch.stream().map(Arrival::at).max(Instant::compareTo).get();
		Instant since = batch.stream().map(Arrival::at).min(Instant::compareTo).get().minus(RELEASED_WINDOW);
		// each job's last fire up to its own arrival: the regular fires planned at its
		// arrival, which may have run by now, are not what it missed
		Map<Long, Instant> arrivals = new HashMap<>();
		batch.forEach((arrival) -> arrivals.put(arrival.job().id(), arrival.at()));
		Map<Long, LastFire> lastFires = this.misfires.lastFires(arrivals);
		Map<Long, List<Instant>> released = this.misfires.releasedFires(jobs, since, until);
		// read only while records are written once: a former holder's window then bounds
		// the instants it is left (FormerHolderFires)
		Map<Long, JobWindow> windows = this.formerHolder.windows(arrivals.keySet());
		List<Missing> missing = new ArrayList<>();
		for (Arrival arrival : batch) {
			JobState job = arrival.job();
			// dropped or rescheduled since: its missed fires are no longer this arrival's
			if (job.removed || job.generation != arrival.generation()) {
				continue;
			}
			LastFire last = lastFires.get(job.id());
			Misfires.Missed missed = this.misfires.missed(job, (last != null) ? last.at() : null, arrival.at());
			List<Instant> judged = this.formerHolder.toJudge(job, last, missed.run(), arrival.at());
			missing.add(new Missing(arrival, missed,
					this.formerHolder.mayHaveRunThere(job.id(), last, judged, arrival.at(), windows.get(job.id()))));
		}
		// the dead former holders' windows taken past their fences before any missed fire
		// is planned (a catch-up fire contested there would be given up at once); the
		// instants of a take not made stay with the former holder
		Set<Long> notTaken = new HashSet<>();
		this.formerHolder.takeWindows(missing.stream().map((m) -> m.theirs().take()).filter(Objects::nonNull).toList())
			.forEach((take) -> notTaken.add(take.jobId()));
		// one read for the batch: which of those instants have no row yet
		Set<FireKey> unrecorded = this.formerHolder.withoutRows(missing.stream()
			.flatMap((m) -> theirs(m, notTaken).stream().map((at) -> new FireKey(m.arrival().job().id(), at)))
			.toList());
		Instant now = this.clock.instant();
		int jobsWithFires = 0;
		int fires = 0;
		int leftToFormerHolders = 0;
		for (Missing m : missing) {
			Arrival arrival = m.arrival();
			JobState job = arrival.job();
			List<Instant> theirs = m.theirs()
				.instants()
				.stream()
				.filter((at) -> unrecorded.contains(new FireKey(job.id(), at)))
				.toList();
			this.formerHolder.recordMissed(job, m.theirs().formerHolder(), theirs, now);
			FormerHolderFires.WindowTake take = m.theirs().take();
			if (take != null && notTaken.contains(job.id())) {
				List<Instant> untaken = take.instants()
					.stream()
					.filter((at) -> unrecorded.contains(new FireKey(job.id(), at)))
					.toList();
				this.formerHolder.recordMissed(job, take.formerHolder(), untaken, now);
				theirs = new ArrayList<>(theirs);
				theirs.addAll(untaken);
			}
			this.misfires.recordBeyondBound(job, m.missed(), now);
			leftToFormerHolders += theirs.size();
			// one fire per instant: a released instant may also be the one the policy
			// runs; and only instants up to this job's own arrival (the batch's query
			// reaches to its latest), as later ones are its planned CRON fires
			SortedSet<Instant> instants = new TreeSet<>(m.missed().run());
			theirs.forEach(instants::remove);
			released.getOrDefault(job.id(), List.of())
				.stream()
				.filter((at) -> !at.isAfter(arrival.at()) && at.isAfter(arrival.at().minus(RELEASED_WINDOW)))
				.forEach(instants::add);
			instants
				.forEach((at) -> this.plan.accept(Fire.catchUp(job, arrival.generation(), at, this.clock.millis())));
			jobsWithFires += instants.isEmpty() ? 0 : 1;
			fires += instants.size();
		}
		if (fires > 0) {
			logger.info("Engine runs {} missed or handed-over fires of {} of {} arriving jobs (first: {})", fires,
					jobsWithFires, batch.size(), batch.get(0).job().id());
		}
		if (leftToFormerHolders > 0) {
			logger.warn(
					"Engine records {} missed fires of {} arriving jobs MISSED under their former holders, "
							+ "which may have run them cut off from the database (first: {})",
					leftToFormerHolders, batch.size(), batch.get(0).job().id());
		}
	}

	// the instants left to the former holder: those of a window take not made too
	private static List<Instant> theirs(Missing m, Set<Long> notTaken) {
		FormerHolderFires.WindowTake take = m.theirs().take();
		if (take == null || !notTaken.contains(take.jobId())) {
			return m.theirs().instants();
		}
		List<Instant> theirs = new ArrayList<>(m.theirs().instants());
		theirs.addAll(take.instants());
		return theirs;
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
	}

	private record Arrival(JobState job, long generation, Instant at) {
	}

	/**
	 * An arrival's missed instants.
	 *
	 * @param missed what its misfire policy runs
	 * @param theirs of those, the ones its former holder may have run unrecorded, and
	 * that agent
	 */
	private record Missing(Arrival arrival, Misfires.Missed missed, FormerHolderFires.Theirs theirs) {
	}

}
