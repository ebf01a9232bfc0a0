package io.crony.common.sql;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as UTC {@code DATETIME} literals with their fraction, for every SQL parameter
 * that is an instant. mysql-connector-j reads MariaDB 10's handshake version
 * ({@code 5.5.5-10.x}) as a server without fractional seconds and cuts them from
 * {@code Timestamp} parameters, so an instant bound as a {@code Timestamp} lands in a
 * {@code DATETIME(3)} column as a whole second.
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

	/** A {@code DATETIME} column as JDBC read it, or null for SQL NULL. */
	public static Instant instant(Timestamp read) {
		return (read != null) ? read.toInstant() : null;
	}

	/** {@link #of(Instant)}, or null for null. */
	public static String ofNullable(Instant instant) {
		return (instant != null) ? of(instant) : null;
	}

}
