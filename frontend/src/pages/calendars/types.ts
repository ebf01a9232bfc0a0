import { allOf, type ApiEnum, type RequestBody } from '../../api/types';
import type { Reason } from '../../i18n/reasons';
/** Business calendars, as crony-web's /calendars answers (docs/api.md, "Business calendars"). */
export const WEEK_DAYS = allOf<WeekDay>()(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
export type WeekDay = ApiEnum<'CalendarResponse', 'workingDays'>;

/** Days `from` to `to`, both included (`to` absent: the one day); ISO dates. */
export interface DayRange {
  from: string;
  to?: string | null;
  name?: string | null;
}

/** What POST and PUT /calendars take. */
export type CalendarRequest = RequestBody<'CalendarRequest'>;

export interface BusinessCalendar extends CalendarRequest {
  id: number;
  version: number;
  /** Jobs following this calendar. */
  jobCount: number;
  createdBy?: string | null;
  createdAt: string;
  updatedBy?: string | null;
  updatedAt: string;
}

/** MERGE adds the file's days to the calendar's; REPLACE makes the file's days the calendar's. */
export type ImportMode = ApiEnum<'CalendarImportResponse', 'mode'>;
export type DayKind = 'HOLIDAY' | 'WORKDAY';

export interface ChangedDays {
  kind: DayKind;
  from: string;
  to?: string | null;
  name?: string | null;
}

/** What an .ics import did, or with a dry run would do. */
export interface CalendarImportResult {
  applied: boolean;
  mode: 'MERGE' | 'REPLACE';
  added: ChangedDays[];
  removed: ChangedDays[];
  workingDaysBefore: WeekDay[];
  workingDaysAfter: WeekDay[];
  /** Events of the file that are not days, each with why, in English; `ignoredReasons` as codes. */
  ignored: string[];
  ignoredReasons?: Reason[];
  calendar: BusinessCalendar;
}

/** How a job's fires follow its calendar. */
export const CALENDAR_RULES = allOf<CalendarRule>()(['WORKING_DAYS_ONLY', 'SKIP_HOLIDAYS', 'NEXT_WORKING_DAY', 'PREVIOUS_WORKING_DAY']);
export type CalendarRule = ApiEnum<'CalendarChoice', 'rule'>;

/** A job's calendar: which one (by name) and the rule. */
export interface JobCalendar {
  name: string;
  rule: CalendarRule;
}
