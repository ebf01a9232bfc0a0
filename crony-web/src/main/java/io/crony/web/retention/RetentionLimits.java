package io.crony.web.retention;

/** Bounds of a retention setting, the same for the platform default and a job's own. */
public final class RetentionLimits {

	/** Ten years. */
	public static final int MAX_DAYS = 3650;

	/** Past a million rows a count limit is no limit a purge can keep cheaply. */
	public static final int MAX_COUNT = 1_000_000;

	private RetentionLimits() {
	}

}
