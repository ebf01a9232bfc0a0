package io.crony.web.job;

import java.text.CollationKey;
import java.text.Collator;
import java.util.Locale;

/**
 * Job names compared as the database's unique key compares them
 * ({@code utf8mb4_unicode_ci}: case and accents aside, "Settle" is "settle"), so a bulk
 * request finds its duplicates and the stored job each name means before the database
 * would refuse a write. Where the two still differ on some rare name, the key refuses the
 * write and the request is a conflict all the same. Not thread-safe: one per request.
 */
final class JobNames {

	private final Collator collator;

	JobNames() {
		this.collator = Collator.getInstance(Locale.ROOT);
		this.collator.setStrength(Collator.PRIMARY);
	}

	/** Equal for two names the unique key takes for one. */
	CollationKey key(String name) {
		return this.collator.getCollationKey(name);
	}

}
