package io.crony.common.schedule;

import java.time.LocalDate;
import java.util.BitSet;

/**
 * Matches cron fields against wall-clock date-times, carried as "local epoch seconds"
 * (the wall time read as if it were UTC). Fields are bit masks; the search walks field by
 * field from the largest down, never second by second.
 */
final class LocalCron {

	static final long NONE = Long.MIN_VALUE;

	static final int LAST_YEAR = 2199;

	private final long seconds;

	private final long minutes;

	private final long hours;

	private final long months;

	private final DayRule days;

	/** Allowed years, or null for any; never modified after construction. */
	private final BitSet years;

	LocalCron(long seconds, long minutes, long hours, long months, DayRule days, BitSet years) {
		this.seconds = seconds;
		this.minutes = minutes;
		this.hours = hours;
		this.months = months;
		this.days = days;
		this.years = (years != null) ? (BitSet) years.clone() : null;
	}

	/**
	 * First matching local epoch second at or after {@code localSecond}, or
	 * {@link #NONE}.
	 */
	long next(long localSecond) {
		LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(localSecond, 86400L));
		int secondOfDay = (int) Math.floorMod(localSecond, 86400L);
		int y = date.getYear();
		int mo = date.getMonthValue();
		int d = date.getDayOfMonth();
		int h = secondOfDay / 3600;
		int mi = secondOfDay / 60 % 60;
		int s = secondOfDay % 60;
		while (y <= LAST_YEAR) {
			if (this.years != null && !this.years.get(y)) {
				y = this.years.nextSetBit(y);
				if (y < 0) {
					return NONE;
				}
				mo = 1;
				d = 1;
				h = 0;
				mi = 0;
				s = 0;
				continue;
			}
			int next = nextBit(this.months, mo);
			if (next < 0) {
				y++;
				mo = 1;
				d = 1;
				h = 0;
				mi = 0;
				s = 0;
				continue;
			}
			if (next != mo) {
				mo = next;
				d = 1;
				h = 0;
				mi = 0;
				s = 0;
			}
			next = nextBit(this.days.days(y, mo), d);
			if (next < 0) {
				mo++;
				d = 1;
				h = 0;
				mi = 0;
				s = 0;
				continue;
			}
			if (next != d) {
				d = next;
				h = 0;
				mi = 0;
				s = 0;
			}
			next = nextBit(this.hours, h);
			if (next < 0) {
				d++;
				h = 0;
				mi = 0;
				s = 0;
				continue;
			}
			if (next != h) {
				h = next;
				mi = 0;
				s = 0;
			}
			next = nextBit(this.minutes, mi);
			if (next < 0) {
				h++;
				mi = 0;
				s = 0;
				continue;
			}
			if (next != mi) {
				mi = next;
				s = 0;
			}
			next = nextBit(this.seconds, s);
			if (next < 0) {
				mi++;
				s = 0;
				continue;
			}
			return Civil.epochDay(y, mo, d) * 86400L + h * 3600L + mi * 60L + next;
		}
		return NONE;
	}

	private static int nextBit(long bits, int from) {
		if (from > 63) {
			return -1;
		}
		long rest = bits & (-1L << from);
		return (rest == 0) ? -1 : Long.numberOfTrailingZeros(rest);
	}

}
