import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import CalendarsPage from './CalendarsPage';
import type { BusinessCalendar, CalendarImportResult } from './types';

const userEvent = userEventLib.setup({ delay: null });
const calendar = (overrides: Partial<BusinessCalendar> = {}): BusinessCalendar => ({
  id: 5,
  name: 'cn-workdays',
  description: 'mainland China',
  workingDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
  holidays: [
    { from: '2026-10-01', to: '2026-10-07', name: 'National Day' },
    { from: '2026-01-01', to: '2026-01-01', name: "New Year's Day" },
  ],
  workdays: [{ from: '2026-10-10', to: '2026-10-10', name: 'make-up for National Day' }],
  timeZone: 'Asia/Shanghai',
  version: 3,
  jobCount: 2,
  createdBy: 'ada',
  createdAt: '2026-11-01T08:00:00Z',
  updatedBy: 'olga',
  updatedAt: '2026-11-20T08:00:00Z',
  ...overrides,
});
const page = (items: BusinessCalendar[]) => ({ items, total: items.length, page: 1, size: 200 });

describe('CalendarsPage', () => {
  it('lists calendars with working days, day counts, zone and the jobs following', async () => {
    mockApi((c) => (c.path === '/calendars' ? { body: page([calendar(), calendar({ id: 6, name: 'weekdays', holidays: [], workdays: [], timeZone: null, jobCount: 0 })]) } : undefined));
    renderPage(<CalendarsPage />);

    const row = (await screen.findByText('cn-workdays')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Mon–Fri')).toBeInTheDocument();
    expect(within(row).getByText('8 days')).toBeInTheDocument(); // 7 + 1 holidays
    expect(within(row).getByText('1 day')).toBeInTheDocument();
    expect(within(row).getByText('Asia/Shanghai')).toBeInTheDocument();
    const other = screen.getByText('weekdays').closest('tr') as HTMLElement;
    expect(within(other).getByText("each job's")).toBeInTheDocument();
  });

  it('shows the year of the calendar clicked with holidays and make-up days coloured', async () => {
    mockApi((c) => (c.path === '/calendars' ? { body: page([calendar({ id: 4, name: 'weekdays', holidays: [], workdays: [] }), calendar()]) } : undefined));
    renderPage(<CalendarsPage />);

    // the first calendar's year shows at once
    expect(await screen.findByText('weekdays: the year at a glance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'year of cn-workdays' }));
    expect(await screen.findByText('cn-workdays: the year at a glance')).toBeInTheDocument();
    const year = screen.getByTestId('year-view');
    // it opens on this year: step to 2026
    for (let shown = Number(within(year).getByText(/^\d{4}$/).textContent); shown !== 2026; shown += shown < 2026 ? 1 : -1) {
      await userEvent.click(within(year).getByRole('button', { name: shown < 2026 ? 'next year' : 'previous year' }));
    }
    expect(within(year).getByText('2026')).toBeInTheDocument();
    expect(year.querySelector('[data-day="2026-10-01"]')).toHaveAttribute('data-status', 'holiday');
    expect(year.querySelector('[data-day="2026-10-01"]')).toHaveAttribute('title', '2026-10-01 Thu: holiday (National Day)');
    expect(year.querySelector('[data-day="2026-10-10"]')).toHaveAttribute('data-status', 'workday');
    expect(year.querySelector('[data-day="2026-10-11"]')).toHaveAttribute('data-status', 'off');
    expect(year.querySelector('[data-day="2026-10-12"]')).toHaveAttribute('data-status', 'working');
  });

  it('creates a calendar with its name, zone left to each job and working days ticked', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/calendars') return { body: page([]) };
      if (c.method === 'POST') return { status: 201, body: calendar({ name: 'six-days' }) };
      return undefined;
    });
    renderPage(<CalendarsPage />);

    await userEvent.click(await screen.findByRole('button', { name: /New calendar/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' six-days ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Saturdays too' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'six-days',
      description: 'Saturdays too',
      timeZone: null,
      workingDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
      holidays: [],
      workdays: [],
    });
  });

  it('sends an edit with its version, its ranges kept and one removed, and shows a range error beside the range', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/calendars') return { body: page([calendar()]) };
      if (c.method === 'PUT') return problem(400, 'Invalid calendar', undefined, [{ field: 'holidays[0].to', message: 'must not be before from' }]);
      return undefined;
    });
    renderPage(<CalendarsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'edit cn-workdays' }));
    expect(screen.getByLabelText('holidays 1 name')).toHaveValue('National Day');
    await userEvent.click(screen.getByLabelText('remove holidays 2'));
    fireEvent.change(screen.getByLabelText('workdays 1 name'), { target: { value: 'Saturday worked' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // beside the range picker, not in a notification
    await waitFor(() => expect(screen.getByText('must not be before from').closest('.ant-form-item-explain')).not.toBeNull());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/calendars/5');
    expect(put.body).toEqual({
      name: 'cn-workdays',
      description: 'mainland China',
      timeZone: 'Asia/Shanghai',
      workingDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      holidays: [{ from: '2026-10-01', to: '2026-10-07', name: 'National Day' }],
      workdays: [{ from: '2026-10-10', to: '2026-10-10', name: 'Saturday worked' }],
      version: 3,
    });
  });

  it("shows the server's message when jobs still follow the calendar deleted", async () => {
    mockApi((c) => {
      if (c.method === 'GET' && c.path === '/calendars') return { body: page([calendar()]) };
      if (c.method === 'DELETE') return problem(409, 'Calendar in use', "calendar 'cn-workdays' is followed by jobs: settle-orders, payroll");
      return undefined;
    });
    renderPage(<CalendarsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'delete cn-workdays' }));
    expect(await screen.findByText('2 jobs follow it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('cn-workdays is not deleted')).toBeInTheDocument();
    expect(screen.getByText("calendar 'cn-workdays' is followed by jobs: settle-orders, payroll")).toBeInTheDocument();
  });

  it('imports an .ics file: the dry run shows the changes, Apply sends it again with dryRun=false', async () => {
    const result = (applied: boolean): CalendarImportResult => ({
      applied,
      mode: 'REPLACE',
      added: [
        { kind: 'HOLIDAY', from: '2027-02-06', to: '2027-02-13', name: 'Spring Festival' },
        { kind: 'WORKDAY', from: '2027-02-14', to: '2027-02-14', name: 'make-up day' },
      ],
      removed: [{ kind: 'HOLIDAY', from: '2026-01-01', to: '2026-01-01', name: "New Year's Day" }],
      workingDaysBefore: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      workingDaysAfter: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
      ignored: ["event 'standup' on 2027-02-15 has a time of day: only all-day events are days"],
      calendar: calendar(),
    });
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/calendars') return { body: page([calendar()]) };
      if (c.method === 'POST' && c.path === '/calendars/5/ics') return { body: result(c.query.get('dryRun') === 'false') };
      return undefined;
    });
    renderPage(<CalendarsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'import into cn-workdays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import .ics into cn-workdays' });
    await userEvent.click(within(dialog).getByText('Replace its days'));
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([ics], 'cn-2027.ics', { type: 'text/calendar' }));

    const diff = await within(dialog).findByTestId('ics-diff');
    expect(diff).toHaveTextContent('Dry run (replace): 2 added, 1 removed, working days change.');
    expect(diff).toHaveTextContent('Working days: Mon–Fri → Mon–Sat');
    const spring = within(diff).getByText('Spring Festival').closest('tr') as HTMLElement;
    expect(within(spring).getByText('added')).toBeInTheDocument();
    expect(within(spring).getByText('holiday')).toBeInTheDocument();
    expect(within(spring).getByText('2027-02-06 – 2027-02-13')).toBeInTheDocument();
    expect(within(within(diff).getByText('make-up day').closest('tr') as HTMLElement).getByText('make-up working day')).toBeInTheDocument();
    const newYear = within(diff).getByText("New Year's Day").closest('tr') as HTMLElement;
    expect(within(newYear).getByText('removed')).toBeInTheDocument();
    expect(within(diff).getByText("event 'standup' on 2027-02-15 has a time of day: only all-day events are days")).toBeInTheDocument();
    const dry = calls.filter((c) => c.method === 'POST');
    expect(dry).toHaveLength(1);
    expect(dry[0]!.query.get('dryRun')).toBe('true');
    expect(dry[0]!.query.get('mode')).toBe('REPLACE');
    expect(dry[0]!.body).toBe(ics);
    expect(dry[0]!.headers['Content-Type']).toBe('text/calendar');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const applied = calls.filter((c) => c.method === 'POST')[1]!;
    expect(applied.query.get('dryRun')).toBe('false');
    expect(applied.query.get('mode')).toBe('REPLACE');
    expect(applied.body).toBe(ics);
    expect(await screen.findByText('cn-workdays: 2 added, 1 removed')).toBeInTheDocument();
  });

  it('lets viewers export but not change', async () => {
    mockApi((c) => (c.path === '/calendars' ? { body: page([calendar()]) } : undefined));
    renderPage(<CalendarsPage />, { user: { username: 'val', role: 'VIEWER' } });

    await screen.findByText('cn-workdays');
    expect(screen.getByRole('button', { name: 'export cn-workdays' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New calendar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'import into cn-workdays' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'delete cn-workdays' })).not.toBeInTheDocument();
  });

  it('downloads the .ics file with the session cookie, under the name the server gives', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/calendars/5/ics')
        return new Response(ics, {
          headers: { 'Content-Type': 'text/calendar', 'Content-Disposition': "attachment; filename*=UTF-8''cn-workdays.ics" },
        });
      return new Response(JSON.stringify(page([calendar()])), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    renderPage(<CalendarsPage />, { user: { username: 'val', role: 'VIEWER' } });

    await userEvent.click(await screen.findByRole('button', { name: 'export cn-workdays' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'cn-workdays.ics', href: 'blob:ics' }]));
    expect(await blobs[0]!.text()).toBe(ics);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/calendars/5/ics')) as unknown as [string, RequestInit];
    expect(call[0]).not.toContain('token');
    expect(call[1].credentials).toBe('same-origin');
  });
});
