package io.crony.alert;

import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.crony.common.target.TargetPolicy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.retry.support.RetryTemplate;

/**
 * Sends one alert to one channel, retrying failed attempts with exponential backoff
 * (spring-retry), and times each send as {@code crony.alert.send} tagged with the channel
 * {@code type} and the {@code outcome} (sent, failed). Blocks the calling thread.
 */
public class AlertSender {

	private static final Logger log = LoggerFactory.getLogger(AlertSender.class);

	private final Map<ChannelType, ChannelSender> senders = new EnumMap<>(ChannelType.class);

	private final RetryTemplate retry;

	private final MeterRegistry meters;

	private final TargetPolicy policy;

	/**
	 * @param policy where channels may send: checked before each send, on the addresses
	 * the channel's host has then
	 */
	public AlertSender(AlertProperties properties, MeterRegistry meters, Clock clock, TargetPolicy policy) {
		this.policy = policy;
		HttpPoster http = new HttpPoster(properties.sendTimeout(), policy);
		List<ChannelSender> all = List.of(new MailSender(properties.sendTimeout(), policy),
				new FeishuSender(http, clock), new DingTalkSender(http, clock), new WebhookSender(http, clock));
		all.forEach((sender) -> this.senders.put(sender.type(), sender));
		this.retry = RetryTemplate.builder()
			.maxAttempts(Math.max(1, properties.maxAttempts()))
			.exponentialBackoff(Math.max(1, properties.backoff().toMillis()), 2.0,
					Math.max(1, properties.backoff().toMillis()) * 8)
			.retryOn(SendFailedException.class)
			.build();
		this.meters = meters;
	}

	public Delivery send(Channel channel, Alert alert) {
		ChannelSender sender = this.senders.get(channel.type());
		long started = System.nanoTime();
		int[] attempts = new int[1];
		Delivery delivery;
		ChannelPolicy.Refusal refusal = ChannelPolicy.refusal(this.policy, channel.type(), channel.config())
			.orElse(null);
		if (refusal != null) {
			// a channel saved before the policy refused its address, or a name that now
			// resolves elsewhere: nothing is sent
			delivery = new Delivery(false, 0, refusal.reason(), Duration.ofNanos(System.nanoTime() - started),
					refusal.reason());
			log.warn("Alert channel {} ({}) not sent {}: {}", channel.id(), channel.type(), alert.dedupKey(),
					refusal.reason());
			return delivery;
		}
		try {
			this.retry.execute((context) -> {
				attempts[0] = context.getRetryCount() + 1;
				sender.send(channel, alert);
				return null;
			});
			delivery = new Delivery(true, attempts[0], null, Duration.ofNanos(System.nanoTime() - started), null);
		}
		catch (RuntimeException ex) {
			String outline = (ex instanceof SendFailedException failed) ? failed.outline() : "the send failed";
			delivery = new Delivery(false, Math.max(1, attempts[0]), ex.getMessage(),
					Duration.ofNanos(System.nanoTime() - started), outline);
			log.warn("Alert channel {} ({}) failed {} after {} attempt(s): {}", channel.id(), channel.type(),
					alert.dedupKey(), delivery.attempts(), ex.getMessage());
		}
		Timer.builder("crony.alert.send")
			.description("Time to send one alert to one channel, retries included")
			.tag("type", channel.type().name())
			.tag("outcome", delivery.delivered() ? "sent" : "failed")
			.register(this.meters)
			.record(delivery.took());
		return delivery;
	}

}
