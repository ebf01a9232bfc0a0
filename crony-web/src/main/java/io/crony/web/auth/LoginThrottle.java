package io.crony.web.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Failed sign-ins counted per user name and per client address over a sliding window:
 * once either reaches its limit, sign-ins for that user or from that address are refused
 * (without checking the password) until the oldest failure leaves the window. A success
 * clears the user's count. The counts live in this web instance's memory: behind a load
 * balancer with n instances an attacker gets at most n times the limit.
 */
@Component
class LoginThrottle {

	private static final Logger log = LoggerFactory.getLogger(LoginThrottle.class);

	/** Past this many keys, keys whose failures all left the window are dropped. */
	private static final int PURGE_ABOVE = 10_000;

	private final AuthProperties.LoginThrottle limits;

	private final Clock clock;

	private final Map<String, Deque<Instant>> byUser = new ConcurrentHashMap<>();

	private final Map<String, Deque<Instant>> byAddress = new ConcurrentHashMap<>();

	@Autowired
	LoginThrottle(AuthProperties properties) {
		this(properties.loginThrottle(), Clock.systemUTC());
	}

	LoginThrottle(AuthProperties.LoginThrottle limits, Clock clock) {
		this.limits = limits;
		this.clock = clock;
	}

	/** Refuses the attempt when the user or the address is throttled. */
	void check(String username, String address) {
		Instant now = this.clock.instant();
		Optional<Duration> user = wait(this.byUser.get(key(username)), this.limits.failuresPerUser(), now);
		Optional<Duration> from = wait(this.byAddress.get(address), this.limits.failuresPerAddress(), now);
		Duration longest = max(user, from);
		if (longest != null) {
			log.warn("Sign-in throttled for user {} from {}: too many failures in {}, retry in {} s", username, address,
					this.limits.window(), longest.toSeconds());
			throw new LoginThrottledException(longest);
		}
	}

	void failed(String username, String address) {
		Instant now = this.clock.instant();
		record(this.byUser, key(username), now);
		record(this.byAddress, address, now);
	}

	void succeeded(String username) {
		this.byUser.remove(key(username));
	}

	private void record(Map<String, Deque<Instant>> counts, String key, Instant now) {
		if (counts.size() > PURGE_ABOVE) {
			counts.values().removeIf((failures) -> expired(failures, now));
		}
		Deque<Instant> failures = counts.computeIfAbsent(key, (k) -> new ArrayDeque<>());
		synchronized (failures) {
			failures.addLast(now);
			trim(failures, now);
		}
	}

	private Optional<Duration> wait(Deque<Instant> failures, int limit, Instant now) {
		if (failures == null) {
			return Optional.empty();
		}
		synchronized (failures) {
			trim(failures, now);
			if (failures.size() < limit) {
				return Optional.empty();
			}
			// the attempt is allowed again once enough failures have left the window
			Instant freed = failures.stream().skip(failures.size() - limit).findFirst().orElseThrow();
			return Optional.of(Duration.between(now, freed.plus(this.limits.window())));
		}
	}

	private void trim(Deque<Instant> failures, Instant now) {
		Instant oldest = now.minus(this.limits.window());
		while (!failures.isEmpty() && !failures.peekFirst().isAfter(oldest)) {
			failures.removeFirst();
		}
	}

	private boolean expired(Deque<Instant> failures, Instant now) {
		synchronized (failures) {
			trim(failures, now);
			return failures.isEmpty();
		}
	}

	private static Duration max(Optional<Duration> a, Optional<Duration> b) {
		if (a.isEmpty()) {
			return b.orElse(null);
		}
		return (b.isPresent() && b.get().compareTo(a.get()) > 0) ? b.get() : a.get();
	}

	/** User names are matched as typed, case aside: "Admin" is throttled with "admin". */
	private static String key(String username) {
		return username.toLowerCase(java.util.Locale.ROOT);
	}

}
