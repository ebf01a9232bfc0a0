package io.crony.common.schedule;

/**
 * Which days of a month match, from the day-of-month and day-of-week fields including the
 * Quartz specials ({@code L}, {@code L-n}, {@code LW}, {@code L-nW}, {@code nW},
 * {@code nL}, {@code n#k}). Day-of-week values are held with Sunday = 0 whatever the
 * dialect. Days are returned as a bit mask (bit d = day d) computed per month.
 */
final class DayRule {

	private final long dayOfMonth;

	/** Bit n set: the day n days before the last day of the month ({@code L-n}). */
	private final long fromLast;

	/**
	 * Bit n set: the weekday nearest to the day n days before the last day ({@code L-nW};
	 * bit 0 is {@code LW}).
	 */
	private final long fromLastWeekday;

	/** Bit n set: the weekday nearest to day n ({@code nW}). */
	private final long nearestWeekday;

	private final int dayOfWeek;

	private final int lastDayOfWeek;

	/** Per day of week, bit k set: its k-th occurrence in the month ({@code d#k}). */
	private final int[] nthDayOfWeek;

	/** Vixie rule: either field may match. */
	private final boolean either;

	private final boolean plainDayOfMonth;

	DayRule(long dayOfMonth, long fromLast, long fromLastWeekday, long nearestWeekday, int dayOfWeek, int lastDayOfWeek,
			int[] nthDayOfWeek, boolean either) {
		this.dayOfMonth = dayOfMonth;
		this.fromLast = fromLast;
		this.fromLastWeekday = fromLastWeekday;
		this.nearestWeekday = nearestWeekday;
		this.dayOfWeek = dayOfWeek;
		this.lastDayOfWeek = lastDayOfWeek;
		this.nthDayOfWeek = nthDayOfWeek.clone();
		this.either = either;
		boolean noDayOfWeekSpecials = lastDayOfWeek == 0;
		for (int nth : nthDayOfWeek) {
			noDayOfWeekSpecials &= nth == 0;
		}
		this.plainDayOfMonth = !either && dayOfWeek == 0x7F && noDayOfWeekSpecials && fromLast == 0
				&& fromLastWeekday == 0 && nearestWeekday == 0;
	}

	/** Bit mask of the matching days of the month (bit 1 = the 1st). */
	long days(int year, int month) {
		int length = Civil.monthLength(year, month);
		long valid = ((1L << (length + 1)) - 1) & ~1L;
		if (this.plainDayOfMonth) {
			return this.dayOfMonth & valid;
		}
		long firstEpochDay = Civil.epochDay(year, month, 1);
		int firstDow = Civil.dayOfWeek(firstEpochDay);
		long byMonth = (this.dayOfMonth | monthSpecials(length, firstDow)) & valid;
		long byWeek = 0;
		for (int day = 1; day <= length; day++) {
			int dow = (firstDow + day - 1) % 7;
			int bit = 1 << dow;
			if ((this.dayOfWeek & bit) != 0 || ((this.lastDayOfWeek & bit) != 0 && day + 7 > length)
					|| (this.nthDayOfWeek[dow] & (1 << ((day - 1) / 7 + 1))) != 0) {
				byWeek |= 1L << day;
			}
		}
		return this.either ? (byMonth | byWeek) : (byMonth & byWeek);
	}

	private long monthSpecials(int length, int firstDow) {
		long days = 0;
		for (long bits = this.fromLast; bits != 0; bits &= bits - 1) {
			int day = length - Long.numberOfTrailingZeros(bits);
			if (day >= 1) {
				days |= 1L << day;
			}
		}
		for (long bits = this.fromLastWeekday; bits != 0; bits &= bits - 1) {
			int day = length - Long.numberOfTrailingZeros(bits);
			if (day >= 1) {
				days |= 1L << nearestWeekday(day, length, firstDow);
			}
		}
		for (long bits = this.nearestWeekday; bits != 0; bits &= bits - 1) {
			int day = Long.numberOfTrailingZeros(bits);
			if (day <= length) {
				days |= 1L << nearestWeekday(day, length, firstDow);
			}
		}
		return days;
	}

	/** The weekday nearest to {@code day}, never leaving the month. */
	private static int nearestWeekday(int day, int length, int firstDow) {
		int dow = (firstDow + day - 1) % 7;
		if (dow == 6) {
			return (day == 1) ? day + 2 : day - 1;
		}
		if (dow == 0) {
			return (day == length) ? day - 2 : day + 1;
		}
		return day;
	}

}
