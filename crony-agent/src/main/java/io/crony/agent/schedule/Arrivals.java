package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the misfire policy to jobs as they arrive, in batches (one query per 1,000
 * jobs), on a thread of its own: an agent taking 100,000 jobs must neither query once per
 * job nor hold up the watch that delivers them. A job's regular next fire is planned when
 * it arrives; the fires its policy runs for the instants missed up to the arrival, and
 * the fires its former holder released ({@link Misfires}), go into the engine's plan like
 * any other fire.
 */
final class Arrivals implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(Arrivals.class);

	private static final int BATCH = 1000;

	// how far back a released fire is still taken: as long as a contested one is retried
	private static final Duration RELEASED_WINDOW = Duration.ofMillis(ClaimStage.RETAKE_GRACE_MILLIS);

	private final Misfires misfires;

	private final Consumer<Fire> plan;

	private final Clock clock;

	private final LinkedBlockingQueue<Arrival> arrived = new LinkedBlockingQueue<>();

	private final Thread thread = new Thread(this::loop, "crony-misfire");

	private volatile boolean running = true;

	Arrivals(Misfires misfires, Consumer<Fire> plan, Clock clock) {
		this.misfires = misfires;
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
		Map<Long, Instant> lastFires = this.misfires.lastFires(arrivals);
		Map<Long, List<Instant>> released = this.misfires.releasedFires(jobs, since, until);
		int jobsWithFires = 0;
		int fires = 0;
		for (Arrival arrival : batch) {
			JobState job = arrival.job();
			// dropped or rescheduled since: its missed fires are no longer this arrival's
			if (job.removed || job.generation != arrival.generation()) {
				continue;
			}
			// one fire per instant: a released instant may also be the one the policy
			// runs; and only instants up to this job's own arrival (the batch's query
			// reaches to its latest), as later ones are its planned CRON fires
			Misfires.Missed missed = this.misfires.missed(job, lastFires.get(job.id()), arrival.at());
			this.misfires.recordBeyondBound(job, missed, this.clock.instant());
			SortedSet<Instant> instants = new TreeSet<>(missed.run());
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
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
	}

	private record Arrival(JobState job, long generation, Instant at) {
	}

}
