import { describe, expect, it } from 'vitest';
import { LANGS } from './index';
import { REASON_CODES, reasonText, reasonsText, type Reason } from './reasons';
import table from './reasons.json';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server reasons', () => {
  it('every code has a sentence in every language with the same parameters', () => {
    const codes: Record<string, Record<string, string>> = table.codes;
    expect(REASON_CODES.length).toBeGreaterThan(10);
    for (const code of REASON_CODES) {
      const english = codes[code]!.en!;
      for (const lang of LANGS) {
        const sentence = codes[code]![lang];
        expect(sentence, `${code} in ${lang}`).toBeTruthy();
        expect(placeholders(sentence!), `${code} in ${lang}`).toEqual(placeholders(english));
      }
    }
  });

  it('words a reason in the reader language, a weekday as a word', () => {
    const holiday: Reason = {
      code: 'CALENDAR_HOLIDAY_NAMED',
      params: { day: '2026-10-01', weekday: 'THURSDAY', name: '国庆节', calendar: 'cn' },
      text: "2026-10-01 (Thursday) is a holiday (国庆节) in calendar 'cn'",
    };
    expect(reasonText(holiday, 'zh-CN')).toBe('2026-10-01（星期四）是日历“cn”中的节假日（国庆节）');
    expect(reasonText(holiday, 'en')).toBe(holiday.text);
  });

  it('shows the English sentence for a code it does not know, and the plain reason when no code came', () => {
    expect(reasonText({ code: 'FROM_A_NEWER_SERVER', params: {}, text: 'something new' }, 'zh-CN')).toBe('something new');
    expect(reasonsText(undefined, 'no live agent')).toBe('no live agent');
  });
});
