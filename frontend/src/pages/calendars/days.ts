/** Which days a calendar works, as the year view draws them; the server decides the fires. */
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../../i18n';
import { shortDay } from './labels';
import { WEEK_DAYS, type CalendarRequest, type DayRange, type WeekDay } from './types';

export type DayStatus = 'holiday' | 'workday' | 'working' | 'off';

/** A day of the year view: its status and, for a holiday or make-up day, its name. */
export interface DayInfo {
  status: DayStatus;
  name?: string | null;
}

/** No range is drawn beyond this many days (a typo like 2026 → 2062 would draw decades). */
const MAX_RANGE_DAYS = 3660;

export const ISO_DATE = 'YYYY-MM-DD';

/** The weekday of a date, as the API names it. */
export const weekDayOf = (d: Dayjs): WeekDay => WEEK_DAYS[(d.day() + 6) % 7]!;

/** Each listed day of the ranges, ISO date to its range's name. */
export function expand(ranges: DayRange[] | null | undefined): Map<string, string | null> {
  const days = new Map<string, string | null>();
  for (const r of ranges ?? []) {
    const from = dayjs(r.from);
    const to = r.to ? dayjs(r.to) : from;
    if (!from.isValid() || !to.isValid()) continue;
    for (let d = from, n = 0; !d.isAfter(to) && n < MAX_RANGE_DAYS; d = d.add(1, 'day'), n++) {
      days.set(d.format(ISO_DATE), r.name ?? null);
    }
  }
  return days;
}

/** Days `from` to `to`, both included. */
export const rangeLength = (r: DayRange): number => {
  const from = dayjs(r.from);
  const to = r.to ? dayjs(r.to) : from;
  return from.isValid() && to.isValid() ? Math.max(0, to.diff(from, 'day') + 1) : 0;
};

/** How many days the ranges list (a day listed twice counts once). */
export const dayCount = (ranges: DayRange[] | null | undefined): number => expand(ranges).size;

type Days = Pick<CalendarRequest, 'workingDays' | 'holidays' | 'workdays'>;

/** A lookup of each day's status: a holiday, a make-up working day, else by its weekday. */
export function dayStatuses(calendar: Days): (d: Dayjs) => DayInfo {
  const holidays = expand(calendar.holidays);
  const workdays = expand(calendar.workdays);
  const working = new Set(calendar.workingDays ?? []);
  return (d) => {
    const iso = d.format(ISO_DATE);
    if (holidays.has(iso)) return { status: 'holiday', name: holidays.get(iso) };
    if (workdays.has(iso)) return { status: 'workday', name: workdays.get(iso) };
    return { status: working.has(weekDayOf(d)) ? 'working' : 'off' };
  };
}

/** "Mon–Fri", "Mon, Wed, Fri", "none": runs of three or more consecutive days as a span. */
export function workingDaysText(days: WeekDay[] | null | undefined): string {
  const set = new Set(days ?? []);
  if (set.size === 0) return t('calendars.noWorkingDays');
  if (set.size === 7) return t('calendars.everyDay');
  const parts: string[] = [];
  let run: WeekDay[] = [];
  const flush = () => {
    if (run.length >= 3) parts.push(`${shortDay(run[0]!)}–${shortDay(run[run.length - 1]!)}`);
    else parts.push(...run.map(shortDay));
    run = [];
  };
  for (const d of WEEK_DAYS) {
    if (set.has(d)) run.push(d);
    else flush();
  }
  flush();
  return parts.join(t('calendars.daySeparator'));
}
