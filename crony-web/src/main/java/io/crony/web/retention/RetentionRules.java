package io.crony.web.retention;

import org.springframework.stereotype.Component;

/**
 * Which limits hold for a job's rows: each field the job leaves unset (null) falls back
 * to the next level: the job's department's days ({@code department.retention_days},
 * folded into the job's own limits as the purge reads them), then the platform
 * ({@code crony.web.retention.*}).
 */
@Component
public class RetentionRules {

	private final Retention platform;

	public RetentionRules(RetentionProperties properties) {
		this.platform = properties.platformDefault();
	}

	/** The limits for a job with these overrides (a deleted job's rows: none). */
	public Retention effective(Retention own) {
		return ((own != null) ? own : Retention.INHERIT).orElse(this.platform);
	}

	public Retention platformDefault() {
		return this.platform;
	}

}
