import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayCount, dayStatuses, workingDaysText } from './days';

describe('calendar days', () => {
  const cn = {
    workingDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const,
    holidays: [{ from: '2026-10-01', to: '2026-10-07', name: 'National Day' }],
    workdays: [{ from: '2026-10-10', name: 'make-up for National Day' }],
  };

  it('says of each day whether it is a holiday, a make-up working day, a working day or a day off', () => {
    const statusOf = dayStatuses({ ...cn, workingDays: [...cn.workingDays] });
    expect(statusOf(dayjs('2026-10-01'))).toEqual({ status: 'holiday', name: 'National Day' });
    expect(statusOf(dayjs('2026-10-07'))).toEqual({ status: 'holiday', name: 'National Day' });
    expect(statusOf(dayjs('2026-10-08'))).toEqual({ status: 'working' }); // a Thursday
    expect(statusOf(dayjs('2026-10-10'))).toEqual({ status: 'workday', name: 'make-up for National Day' }); // a Saturday
    expect(statusOf(dayjs('2026-10-11'))).toEqual({ status: 'off' }); // a Sunday
  });

  it('counts the days of ranges, a one-day range and a day listed twice once', () => {
    expect(dayCount(cn.holidays)).toBe(7);
    expect(dayCount([{ from: '2026-10-10' }, { from: '2026-10-10', to: '2026-10-11' }])).toBe(2);
    expect(dayCount([])).toBe(0);
  });

  it('names the working weekdays shortly', () => {
    expect(workingDaysText([...cn.workingDays])).toBe('Mon–Fri');
    expect(workingDaysText(['MONDAY', 'WEDNESDAY', 'FRIDAY'])).toBe('Mon, Wed, Fri');
    expect(workingDaysText(['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'])).toBe('Mon–Thu, Sun');
    expect(workingDaysText([])).toBe('none');
  });
});
