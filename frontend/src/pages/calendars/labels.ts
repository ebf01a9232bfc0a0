/** The calendar values the API sends, as the user reads them in the current language. */
import { enumLabel } from '../../i18n';
import type { CalendarRule, WeekDay } from './types';

export const ruleLabel = (rule: CalendarRule) => enumLabel('calendarRule', rule);
export const shortDay = (day: WeekDay) => enumLabel('weekDay', day);
