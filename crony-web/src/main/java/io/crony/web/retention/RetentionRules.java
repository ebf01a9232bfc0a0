package io.crony.web.retention;

import org.springframework.stereotype.Component;

/**
 * Which limits hold for a job's rows: each field the job leaves unset (null) falls back
 * to the next level. Today the levels are the job and the platform
 * ({@code crony.web.retention.*}); a department's default slots in between them here,
 * {@code own.orElse(department).orElse(platform)}, once jobs belong to departments.
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
