import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { currentLang, t } from './i18n';

/** A number as the current language writes it: `digits` decimals at most, groups of thousands. */
export function formatNumber(n: number, digits = 0): string {
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n);
}

export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
}

/** "1.2 s", "3 min 4 s", "2 h 5 min" (in Chinese "1.2 秒"...); running runs are measured up to now. */
export function formatDuration(startIso: string | null | undefined, endIso?: string | null, now = Date.now()): string {
  if (!startIso) return '—';
  const end = endIso ? dayjs(endIso).valueOf() : now;
  const ms = Math.max(0, end - dayjs(startIso).valueOf());
  if (ms < 1000) return t('format.ms', { n: formatNumber(ms) });
  const s = ms / 1000;
  if (s < 60) return t('format.s', { n: formatNumber(s, 1) });
  const m = Math.floor(s / 60);
  if (m < 60) return t('format.minS', { m, s: Math.round(s % 60) });
  return t('format.hMin', { h: formatNumber(Math.floor(m / 60)), m: m % 60 });
}

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant shown as wall time in the given IANA zone (a job's own time zone). */
export function formatInZone(iso: string, zone: string): string {
  try {
    return dayjs(iso).tz(zone).format('ddd YYYY-MM-DD HH:mm:ss');
  } catch {
    return dayjs(iso).format('ddd YYYY-MM-DD HH:mm:ss');
  }
}

/** A lateness in milliseconds: "12 ms", "1.5 s"; "—" when unknown. */
export function formatMillis(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return Math.abs(ms) < 1000 ? t('format.ms', { n: formatNumber(ms) }) : t('format.s', { n: formatNumber(ms / 1000, 1) });
}
