package io.crony.web.error;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Says what to set when no database is configured: no password is committed, so the
 * default profile reads it from the environment, and Spring Boot's own message ("'url'
 * attribute is not specified") names neither those variables nor the {@code local}
 * profile.
 */
class MissingDatabaseFailureAnalyzer implements FailureAnalyzer, Ordered {

	private final Environment environment;

	MissingDatabaseFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	public FailureAnalysis analyze(Throwable failure) {
		if (StringUtils.hasText(this.environment.getProperty("spring.datasource.url"))) {
			return null;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			// DataSourceProperties' own exception type is not public
			if (cause.getClass().getSimpleName().equals("DataSourceBeanCreationException")) {
				return new FailureAnalysis(
						"No database is configured: spring.datasource.url is empty (the default profile reads "
								+ "CRONY_DB_URL, CRONY_DB_USER and CRONY_DB_PASSWORD from the environment)",
						"Set CRONY_DB_URL (jdbc:mysql://HOST:3306/crony?connectionTimeZone=UTC"
								+ "&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true), "
								+ "CRONY_DB_USER and CRONY_DB_PASSWORD, or start with --spring.profiles.active=local "
								+ "for the loopback database of make run (127.0.0.1:13306, crony/crony)",
						cause);
			}
		}
		return null;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
