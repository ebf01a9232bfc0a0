/** Converts between the API's calendar and the shape its form edits (ranges as date-picker pairs). */
import dayjs, { type Dayjs } from 'dayjs';
import { ISO_DATE } from './days';
import type { BusinessCalendar, CalendarRequest, DayRange, WeekDay } from './types';

export interface RangeRow {
  days?: [Dayjs | null, Dayjs | null] | null;
  name?: string;
}

export interface CalendarFormValues {
  name: string;
  description?: string;
  /** Empty: each job's own time zone. */
  timeZone?: string | null;
  workingDays: WeekDay[];
  holidays: RangeRow[];
  workdays: RangeRow[];
}

export const MONDAY_TO_FRIDAY: WeekDay[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

export function newCalendarValues(): CalendarFormValues {
  return { name: '', timeZone: null, workingDays: MONDAY_TO_FRIDAY, holidays: [], workdays: [] };
}

const toRow = (r: DayRange): RangeRow => ({ days: [dayjs(r.from), dayjs(r.to || r.from)], name: r.name ?? undefined });

export function toCalendarValues(c: BusinessCalendar): CalendarFormValues {
  return {
    name: c.name,
    description: c.description ?? undefined,
    timeZone: c.timeZone ?? null,
    workingDays: c.workingDays ?? [],
    holidays: (c.holidays ?? []).map(toRow),
    workdays: (c.workdays ?? []).map(toRow),
  };
}

/** The rows with both ends picked, as ranges; the rest (a row still being filled) left out. */
export function toRanges(rows: RangeRow[] | null | undefined): DayRange[] {
  return (rows ?? []).flatMap((r) => {
    const [from, to] = r?.days ?? [];
    if (!from || !to) return [];
    return [{ from: from.format(ISO_DATE), to: to.format(ISO_DATE), name: r.name?.trim() || null }];
  });
}

export function toCalendarRequest(v: CalendarFormValues, version?: number): CalendarRequest {
  return {
    name: v.name.trim(),
    description: v.description?.trim() || null,
    timeZone: v.timeZone || null,
    workingDays: v.workingDays ?? [],
    holidays: toRanges(v.holidays),
    workdays: toRanges(v.workdays),
    ...(version !== undefined ? { version } : {}),
  };
}
