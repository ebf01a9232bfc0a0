import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
}

/** "1.2 s", "3 min 4 s", "2 h 5 min"; running runs are measured up to now. */
export function formatDuration(startIso: string | null | undefined, endIso?: string | null, now = Date.now()): string {
  if (!startIso) return '—';
  const end = endIso ? dayjs(endIso).valueOf() : now;
  const ms = Math.max(0, end - dayjs(startIso).valueOf());
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
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
  return Math.abs(ms) < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
