package io.crony.common.sql;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
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

	private static final int SECONDS_PER_DAY = 86_400;

	private SqlTime() {
	}

	/**
	 * The instant as a UTC literal MySQL and MariaDB read into DATETIME(3) exactly:
	 * {@code yyyy-MM-dd HH:mm:ss.SSSSSS}, the fraction cut (not rounded) to microseconds.
	 * Every claim and record binds a few of these, so years 1 to 9999 are written digit
	 * by digit: the formatter allocated about a fifth of all the agent allocates per
	 * fire.
	 */
	public static String of(Instant instant) {
		long seconds = instant.getEpochSecond();
		LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, SECONDS_PER_DAY));
		int year = date.getYear();
		// yyyy is the year of the era (year 0 is 1 BC): left to the formatter
		if (year < 1 || year > 9999) {
			return LITERAL.format(instant);
		}
		int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
		byte[] text = new byte[26];
		digits(text, 0, year, 4);
		text[4] = '-';
		digits(text, 5, date.getMonthValue(), 2);
		text[7] = '-';
		digits(text, 8, date.getDayOfMonth(), 2);
		text[10] = ' ';
		digits(text, 11, secondOfDay / 3600, 2);
		text[13] = ':';
		digits(text, 14, secondOfDay / 60 % 60, 2);
		text[16] = ':';
		digits(text, 17, secondOfDay % 60, 2);
		text[19] = '.';
		digits(text, 20, instant.getNano() / 1000, 6);
		return new String(text, StandardCharsets.ISO_8859_1);
	}

	// value's last {@code count} decimal digits, zero-padded, at text[from..from+count)
	private static void digits(byte[] text, int from, int value, int count) {
		for (int i = from + count - 1; i >= from; i--) {
			text[i] = (byte) ('0' + value % 10);
			value /= 10;
		}
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
