package io.crony.agent.execution;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as UTC {@code DATETIME} literals with their fraction. mysql-connector-j reads
 * MariaDB 10's handshake version ({@code 5.5.5-10.x}) as a server without fractional
 * seconds and cuts them from {@code Timestamp} parameters, so start and finish times
 * bound as {@code Timestamp} lose their milliseconds (and lateness and durations become
 * whole seconds). crony-web binds its instants the same way.
 */
public final class SqlTime {

	private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
		.withZone(ZoneOffset.UTC);

	private SqlTime() {
	}

	/** The instant as a UTC literal MySQL and MariaDB read into DATETIME(3) exactly. */
	public static String of(Instant instant) {
		return LITERAL.format(instant);
	}

}
