package io.crony.agent.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

import org.springframework.scheduling.support.CronExpression;

/**
 * Turns a job's schedule expression into fire times. Reads six-field cron with seconds
 * through Spring's {@link CronExpression} until crony-common's schedule engine lands,
 * which then replaces this one method.
 */
public final class ScheduleParser {

	/**
	 * @param expression the job's schedule
	 * @param zone the job's time zone
	 * @return its fire times
	 * @throws IllegalArgumentException when the expression cannot be read
	 */
	public FireTimes parse(String expression, ZoneId zone) {
		CronExpression cron = CronExpression.parse(expression);
		return (after) -> Optional.ofNullable(cron.next(ZonedDateTime.ofInstant(after, zone)))
			.map(ZonedDateTime::toInstant)
			.map(Instant.class::cast);
	}

}
