/**
 * Next fire times with what a business calendar did to them: a moved fire says where its
 * schedule had put it and why; a skipped fire is shown struck through, greyed, with the reason.
 */
import { Space, Typography } from 'antd';
import { formatInZone } from '../../format';
import { t } from '../../i18n';
import { reasonsText } from '../../i18n/reasons';
import type { FireNote } from './types';

interface Props {
  fires: string[];
  notes: FireNote[];
  timeZone: string;
}

type Entry = { at: string; kind: 'FIRE' | 'MOVED' | 'SKIPPED'; from?: string | null; reason?: string };

const instant = (iso: string) => new Date(iso).getTime();

/** The fires and the skipped ones in time order, each fire with its MOVED note when it has one. */
export function fireEntries(fires: string[], notes: FireNote[]): Entry[] {
  const moved = new Map(notes.filter((n) => n.kind === 'MOVED').map((n) => [instant(n.at), n]));
  const entries: Entry[] = fires.map((at) => {
    const note = moved.get(instant(at));
    return note ? { at, kind: 'MOVED', from: note.from, reason: reasonsText(note.reasons, note.reason) } : { at, kind: 'FIRE' };
  });
  for (const n of notes) if (n.kind === 'SKIPPED') entries.push({ at: n.at, kind: 'SKIPPED', reason: reasonsText(n.reasons, n.reason) });
  return entries.sort((a, b) => instant(a.at) - instant(b.at));
}

export function FireTimeline({ fires, notes, timeZone }: Props) {
  return (
    <Space direction="vertical" size={2} style={{ display: 'flex' }}>
      {fireEntries(fires, notes).map((e) => (
        <div key={`${e.kind}:${e.at}`} data-kind={e.kind.toLowerCase()}>
          {e.kind === 'SKIPPED' ? (
            <>
              <Typography.Text delete type="secondary" code>
                {formatInZone(e.at, timeZone)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('jobs.fireSkipped', { reason: e.reason ?? '' })}
              </Typography.Text>
            </>
          ) : (
            <>
              <Typography.Text code>{formatInZone(e.at, timeZone)}</Typography.Text>
              {e.kind === 'MOVED' && (
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  {' '}
                  {t('jobs.fireMovedFrom', { from: e.from ? formatInZone(e.from, timeZone) : t('jobs.itsScheduledDay'), reason: e.reason ?? '' })}
                </Typography.Text>
              )}
            </>
          )}
        </div>
      ))}
    </Space>
  );
}
