package io.crony.alert;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes alerts from whoever raises them without making them wait: one thread decides
 * (deduplication against the history, and whatever the caller queues with
 * {@link #execute}), a small pool sends, and every outcome lands in the history. A full
 * queue drops the alert (logged, counted as {@code crony.alert.dropped}) rather than
 * blocking the caller.
 */
public class AlertDispatcher implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(AlertDispatcher.class);

	private final AlertStore store;

	private final AlertSender sender;

	private final Clock clock;

	private final DedupRule dedup;

	private final ThreadPoolExecutor decider;

	private final ThreadPoolExecutor senders;

	private final Counter dropped;

	public AlertDispatcher(AlertStore store, AlertSender sender, AlertProperties properties, Clock clock,
			MeterRegistry meters) {
		this.store = store;
		this.sender = sender;
		this.clock = clock;
		this.dedup = new DedupRule(properties.minInterval(), Duration.ofMinutes(1), store::lastAttempt);
		this.decider = pool("crony-alert-", 1, properties.queueCapacity());
		this.senders = pool("crony-alert-send-", Math.max(1, properties.senderThreads()), properties.queueCapacity());
		this.dropped = Counter.builder("crony.alert.dropped")
			.description("Alerts dropped because the alert queue was full")
			.register(meters);
	}

	/**
	 * Raises an alert subject to the rate limit, later, on the alert thread.
	 * @param alert the alert
	 * @param channels the channels to send to, looked up on the alert thread
	 */
	public void raise(Alert alert, Supplier<List<Channel>> channels) {
		execute(() -> decideAndSend(alert, channels.get(), false));
	}

	/**
	 * Like {@link #raise}, but with no channel to send to the alert is still recorded in
	 * the history (as {@link AlertStatus#NO_CHANNEL}, rate limited like a sent one), for
	 * alerts someone must be able to find even where nobody configured a channel.
	 */
	public void raiseRecorded(Alert alert, Supplier<List<Channel>> channels) {
		execute(() -> decideAndSend(alert, channels.get(), true));
	}

	/**
	 * Runs a task on the alert thread (tasks run one at a time, in order). Never blocks:
	 * a full queue drops the task.
	 */
	public void execute(Runnable task) {
		try {
			this.decider.execute(() -> {
				try {
					task.run();
				}
				catch (RuntimeException ex) {
					log.warn("Alert task failed: {}", ex.getMessage(), ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			this.dropped.increment();
			log.warn("Alert queue full ({} waiting), an alert was dropped", this.decider.getQueue().size());
		}
	}

	/**
	 * Sends at once to one channel, without rate limit, and records the outcome (for test
	 * messages).
	 */
	public Delivery sendNow(Channel channel, Alert alert) {
		Delivery delivery = this.sender.send(channel, alert);
		record(alert, channel, delivery);
		return delivery;
	}

	/** Sends to every channel, skipping the rate limit (recovery notices). */
	public void sendAll(Alert alert, List<Channel> channels) {
		for (Channel channel : channels) {
			send(alert, channel);
		}
	}

	private void decideAndSend(Alert alert, List<Channel> channels, boolean recordWithoutChannel) {
		if (channels.isEmpty() && !recordWithoutChannel) {
			return;
		}
		Instant now = this.clock.instant();
		DedupRule.Decision decision = this.dedup.decide(alert.dedupKey(), now);
		if (!decision.send()) {
			this.store
				.record(AlertRecord.of(alert, null, AlertLanguage.EN, AlertStatus.SUPPRESSED, 0, null, now, null));
			return;
		}
		if (channels.isEmpty()) {
			this.store
				.record(AlertRecord.of(alert, null, AlertLanguage.EN, AlertStatus.NO_CHANNEL, 0, null, now, null));
			return;
		}
		Alert sending = alert;
		if (decision.previous() != null) {
			int held = this.store.suppressedSince(alert.dedupKey(), decision.previous());
			sending = alert.withSuppressed(held, decision.previous());
		}
		sendAll(sending, channels);
	}

	private void send(Alert alert, Channel channel) {
		try {
			this.senders.execute(() -> {
				try {
					record(alert, channel, this.sender.send(channel, alert));
				}
				catch (RuntimeException ex) {
					log.warn("Alert {} to channel {} not recorded: {}", alert.dedupKey(), channel.id(),
							ex.getMessage());
				}
			});
		}
		catch (RejectedExecutionException ex) {
			this.dropped.increment();
			log.warn("Alert send queue full, {} to channel {} dropped", alert.dedupKey(), channel.id());
		}
	}

	private void record(Alert alert, Channel channel, Delivery delivery) {
		Instant now = this.clock.instant();
		this.store.record(AlertRecord.of(alert, channel.id(), channel.language(),
				delivery.delivered() ? AlertStatus.SENT : AlertStatus.FAILED, delivery.attempts(), delivery.error(),
				alert.at(), delivery.delivered() ? now : null));
	}

	@Override
	public void close() {
		this.decider.shutdown();
		this.senders.shutdown();
		try {
			if (!this.decider.awaitTermination(5, TimeUnit.SECONDS)) {
				this.decider.shutdownNow();
			}
			if (!this.senders.awaitTermination(5, TimeUnit.SECONDS)) {
				this.senders.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static ThreadPoolExecutor pool(String prefix, int threads, int capacity) {
		AtomicInteger count = new AtomicInteger();
		return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
				new ArrayBlockingQueue<>(Math.max(1, capacity)), (runnable) -> {
					Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
	}

}
