/**
 * A year of a calendar at a glance: twelve month grids (weeks start on Monday) with
 * holidays red, make-up working days green and days off grey; hovering a day names it.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { enumLabel, t } from '../../i18n';
import { dayStatuses, ISO_DATE, type DayStatus } from './days';
import type { CalendarRequest } from './types';

interface Props {
  calendar: Pick<CalendarRequest, 'workingDays' | 'holidays' | 'workdays'>;
  year: number;
  onYearChange: (year: number) => void;
}

const STYLE: Record<DayStatus, { background: string; color: string }> = {
  holiday: { background: '#ff7875', color: '#fff' },
  workday: { background: '#95de64', color: '#135200' },
  working: { background: 'transparent', color: 'inherit' },
  off: { background: '#f0f0f0', color: '#8c8c8c' },
};
const word = (status: DayStatus) => enumLabel('dayStatus', status);

function Legend() {
  return (
    <Space wrap size="middle">
      {(['holiday', 'workday', 'off'] as const).map((s) => (
        <Space key={s} size={4}>
          <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: STYLE[s].background, border: '1px solid #d9d9d9' }} />
          <Typography.Text type="secondary">{word(s)}</Typography.Text>
        </Space>
      ))}
    </Space>
  );
}

function Month({ year, month, statusOf }: { year: number; month: number; statusOf: ReturnType<typeof dayStatuses> }) {
  const first = dayjs(new Date(year, month, 1));
  const blanks = (first.day() + 6) % 7;
  const days = Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day'));
  return (
    <div aria-label={first.format('MMMM YYYY')}>
      <Typography.Text strong>{first.format('MMMM')}</Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2, marginTop: 4, fontSize: 12, textAlign: 'center' }}>
        {t('calendars.weekHead').split(' ').map((h) => (
          <Typography.Text key={h} type="secondary" style={{ fontSize: 11 }}>
            {h}
          </Typography.Text>
        ))}
        {Array.from({ length: blanks }, (_, i) => (
          <span key={`blank-${i}`} />
        ))}
        {days.map((d) => {
          const info = statusOf(d);
          const iso = d.format(ISO_DATE);
          return (
            <span
              key={iso}
              data-day={iso}
              data-status={info.status}
              // the title holds the day's name as the calendar's editor typed it
              data-literal={info.name || undefined}
              title={
                info.name
                  ? t('calendars.dayTitleNamed', { date: iso, weekday: d.format('ddd'), status: word(info.status), name: info.name })
                  : t('calendars.dayTitle', { date: iso, weekday: d.format('ddd'), status: word(info.status) })
              }
              style={{ ...STYLE[info.status], borderRadius: 3, lineHeight: '20px' }}
            >
              {d.date()}
            </span>
          );
        })}
      </div>
    </div>
  );
}

export function YearView({ calendar, year, onYearChange }: Props) {
  const statusOf = useMemo(() => dayStatuses(calendar), [calendar]);
  return (
    <div data-testid="year-view">
      <Space style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 8 }}>
        <Space>
          <Button size="small" icon={<LeftOutlined />} aria-label={t('calendars.previousYear')} onClick={() => onYearChange(year - 1)} />
          <Typography.Text strong>{year}</Typography.Text>
          <Button size="small" icon={<RightOutlined />} aria-label={t('calendars.nextYear')} onClick={() => onYearChange(year + 1)} />
        </Space>
        <Legend />
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 16 }}>
        {Array.from({ length: 12 }, (_, m) => (
          <Month key={m} year={year} month={m} statusOf={statusOf} />
        ))}
      </div>
    </div>
  );
}
