package io.crony.common.schedule;

/** Allocation-free proleptic Gregorian calendar arithmetic for the matcher. */
final class Civil {

	private Civil() {
	}

	static boolean isLeap(int year) {
		return (year % 4 == 0) && (year % 100 != 0 || year % 400 == 0);
	}

	static int monthLength(int year, int month) {
		return switch (month) {
			case 2 -> isLeap(year) ? 29 : 28;
			case 4, 6, 9, 11 -> 30;
			default -> 31;
		};
	}

	/** Days since 1970-01-01 (H. Hinnant's days_from_civil). */
	static long epochDay(int year, int month, int day) {
		long y = (month <= 2) ? year - 1 : year;
		long era = Math.floorDiv(y, 400);
		long yearOfEra = y - era * 400;
		long dayOfYear = (153L * (month + ((month > 2) ? -3 : 9)) + 2) / 5 + day - 1;
		long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
		return era * 146097 + dayOfEra - 719468;
	}

	/** Day of week with Sunday = 0 (1970-01-01 was a Thursday). */
	static int dayOfWeek(long epochDay) {
		return (int) Math.floorMod(epochDay + 4, 7L);
	}

}
