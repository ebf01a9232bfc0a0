import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ScheduleHelper } from './ScheduleHelper';

describe('ScheduleHelper', () => {
  it('lists the next fire times in the job time zone', async () => {
    const calls = mockApi((c) =>
      c.path === '/jobs/next-fires'
        ? { body: ['2026-11-22T17:00:00Z', '2026-11-23T17:00:00Z', '2026-11-24T17:00:00Z'] }
        : undefined,
    );
    const onValidated = vi.fn();
    renderPage(<ScheduleHelper schedule="0 0 1 * * ?" timeZone="Asia/Shanghai" count={3} debounceMs={0} onValidated={onValidated} />);

    const list = await screen.findByTestId('next-fires');
    expect(list).toHaveTextContent('Next fires (Asia/Shanghai)');
    // 17:00 UTC is 01:00 the next day in Shanghai
    expect(list).toHaveTextContent('Mon 2026-11-23 01:00:00');
    expect(list).toHaveTextContent('Tue 2026-11-24 01:00:00');
    expect(list).toHaveTextContent('Wed 2026-11-25 01:00:00');
    expect(calls[0]?.query.get('schedule')).toBe('0 0 1 * * ?');
    expect(calls[0]?.query.get('timeZone')).toBe('Asia/Shanghai');
    expect(calls[0]?.query.get('count')).toBe('3');
    await waitFor(() => expect(onValidated).toHaveBeenLastCalledWith(null));
  });

  it('accepts fire times wrapped in an object', async () => {
    mockApi(() => ({ body: { fires: ['2026-11-22T10:00:00Z'] } }));
    renderPage(<ScheduleHelper schedule="@hourly" timeZone="UTC" debounceMs={0} />);
    expect(await screen.findByTestId('next-fires')).toHaveTextContent('Sun 2026-11-22 10:00:00');
  });

  it('reports the schedule field error instead of fire times', async () => {
    mockApi(() => problem(400, 'Invalid schedule', 'Bad request', [{ field: 'schedule', message: 'minute 61 is out of range' }]));
    const onValidated = vi.fn();
    renderPage(<ScheduleHelper schedule="61 * * * *" timeZone="UTC" debounceMs={0} onValidated={onValidated} />);

    await waitFor(() => expect(onValidated).toHaveBeenCalledWith('minute 61 is out of range'));
    expect(screen.queryByTestId('next-fires')).toBeNull();
  });

  it('passes the calendar and rule, and shows moved fires with their origin and skipped ones struck through', async () => {
    const calls = mockApi((c) =>
      c.path === '/jobs/next-fires'
        ? {
            body: {
              schedule: '0 9 * * *',
              timeZone: 'Asia/Shanghai',
              calendar: { name: 'cn', rule: 'NEXT_WORKING_DAY' },
              fires: ['2026-09-30T01:00:00Z', '2026-10-08T01:00:00Z'],
              notes: [
                { kind: 'SKIPPED', at: '2026-10-01T01:00:00Z', from: null, reason: "2026-10-01 (Thursday) is a holiday (National Day) in calendar 'cn'" },
                { kind: 'MOVED', at: '2026-10-08T01:00:00Z', from: '2026-10-03T01:00:00Z', reason: "2026-10-03 (Saturday) is not a working day in calendar 'cn'" },
              ],
            },
          }
        : undefined,
    );
    renderPage(
      <ScheduleHelper schedule="0 9 * * *" timeZone="Asia/Shanghai" calendar={{ name: 'cn', rule: 'NEXT_WORKING_DAY' }} debounceMs={0} />,
    );

    const list = await screen.findByTestId('next-fires');
    expect(list).toHaveTextContent('Next fires (Asia/Shanghai, calendar cn)');
    expect(calls[0]?.query.get('calendar')).toBe('cn');
    expect(calls[0]?.query.get('calendarRule')).toBe('NEXT_WORKING_DAY');
    const rows = [...list.querySelectorAll('[data-kind]')];
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['fire', 'skipped', 'moved']);
    expect(rows[1]).toHaveTextContent("Thu 2026-10-01 09:00:00 skipped: 2026-10-01 (Thursday) is a holiday (National Day) in calendar 'cn'");
    expect(rows[1]!.querySelector('del')).toHaveTextContent('Thu 2026-10-01 09:00:00');
    expect(rows[2]).toHaveTextContent(
      "Thu 2026-10-08 09:00:00 moved from Sat 2026-10-03 09:00:00: 2026-10-03 (Saturday) is not a working day in calendar 'cn'",
    );
  });

  it('sends no calendar for a job that follows none', async () => {
    const calls = mockApi(() => ({ body: { fires: ['2026-11-22T10:00:00Z'], notes: [] } }));
    renderPage(<ScheduleHelper schedule="@hourly" timeZone="UTC" calendar={null} debounceMs={0} />);
    await screen.findByTestId('next-fires');
    expect(calls[0]?.query.has('calendar')).toBe(false);
    expect(calls[0]?.query.has('calendarRule')).toBe(false);
  });

  it('asks nothing for an empty schedule', () => {
    const calls = mockApi(() => undefined);
    renderPage(<ScheduleHelper schedule="  " timeZone="UTC" debounceMs={0} />);
    expect(calls).toHaveLength(0);
  });
});
