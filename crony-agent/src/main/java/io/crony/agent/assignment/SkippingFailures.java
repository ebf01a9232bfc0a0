package io.crony.agent.assignment;

import java.util.function.Consumer;

import io.etcd.jetcd.watch.WatchEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies watch events so that one that cannot be applied (an unreadable value, say) is
 * logged and skipped: it must not stop the events after it, nor end the watch, whose
 * reload would only meet the same key again.
 */
final class SkippingFailures {

	private static final Logger logger = LoggerFactory.getLogger(SkippingFailures.class);

	private final String agentId;

	SkippingFailures(String agentId) {
		this.agentId = agentId;
	}

	/** A handler that applies each event on its own. */
	EventHandler each(Consumer<WatchEvent> handler) {
		return (events) -> events.forEach((event) -> apply(event, () -> handler.accept(event)));
	}

	/** Runs {@code apply} for the event; a failure is logged, not thrown. */
	void apply(WatchEvent event, Runnable apply) {
		try {
			apply.run();
		}
		catch (RuntimeException ex) {
			logger.error("Agent {} could not apply {} of {}", this.agentId, event.getEventType(),
					event.getKeyValue().getKey(), ex);
		}
	}

}
