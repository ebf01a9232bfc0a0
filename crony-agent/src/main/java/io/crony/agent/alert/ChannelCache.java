package io.crony.agent.alert;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.crony.alert.AlertStore;
import io.crony.alert.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * Channels by the id lists jobs name, read from the database at most once per TTL; while
 * the database is away the last read stays in use.
 */
final class ChannelCache {

	private static final Logger log = LoggerFactory.getLogger(ChannelCache.class);

	private final AlertStore store;

	private final Duration ttl;

	private final Clock clock;

	private final Map<List<Long>, Entry> entries = new ConcurrentHashMap<>();

	ChannelCache(AlertStore store, Duration ttl, Clock clock) {
		this.store = store;
		this.ttl = ttl;
		this.clock = clock;
	}

	List<Channel> get(List<Long> ids) {
		Instant now = this.clock.instant();
		Entry entry = this.entries.get(ids);
		if (entry != null && now.isBefore(entry.readAt.plus(this.ttl))) {
			return entry.channels;
		}
		try {
			List<Channel> channels = this.store.channels(ids);
			this.entries.put(List.copyOf(ids), new Entry(channels, now));
			return channels;
		}
		catch (DataAccessException ex) {
			log.warn("Alert channels {} unreadable, {}: {}", ids,
					(entry != null) ? "using the last read" : "no alert sent", ex.getMessage());
			return (entry != null) ? entry.channels : List.of();
		}
	}

	private record Entry(List<Channel> channels, Instant readAt) {

	}

}
