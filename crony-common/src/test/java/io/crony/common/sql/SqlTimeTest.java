package io.crony.common.sql;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlTimeTest {

	// what SqlTime wrote before it wrote the digits itself
	private static final DateTimeFormatter FORMATTER = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
		.withZone(ZoneOffset.UTC);

	@Test
	void writesAUtcLiteralWithMicroseconds() {
		assertThat(SqlTime.of(Instant.parse("2026-11-27T20:10:26.123456789Z"))).isEqualTo("2026-11-27 20:10:26.123456");
		assertThat(SqlTime.of(Instant.EPOCH)).isEqualTo("1970-01-01 00:00:00.000000");
		assertThat(SqlTime.of(Instant.parse("2024-02-29T23:59:59.999999999Z"))).isEqualTo("2024-02-29 23:59:59.999999");
		assertThat(SqlTime.of(Instant.parse("1969-12-31T23:59:59.5Z"))).isEqualTo("1969-12-31 23:59:59.500000");
		assertThat(SqlTime.of(Instant.parse("0999-01-02T03:04:05Z"))).isEqualTo("0999-01-02 03:04:05.000000");
	}

	@Test
	void writesWhatTheFormatterWritesForAnyInstant() {
		Random random = new Random(20261127);
		long from = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
		long until = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
		for (int i = 0; i < 100_000; i++) {
			Instant instant = Instant.ofEpochSecond(from + (long) (random.nextDouble() * (until - from)),
					random.nextInt(1_000_000_000));
			assertThat(SqlTime.of(instant)).as("%s", instant).isEqualTo(FORMATTER.format(instant));
		}
	}

	@Test
	void yearsBeyondFourDigitsAreLeftToTheFormatter() {
		Instant far = Instant.parse("+10000-01-01T00:00:00Z");
		assertThat(SqlTime.of(far)).isEqualTo(FORMATTER.format(far));
		Instant before = Instant.parse("-0001-06-01T12:00:00Z");
		assertThat(SqlTime.of(before)).isEqualTo(FORMATTER.format(before));
	}

}
