import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { initialLang, translate } from '.';
import { zh } from './zh';

const params = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('string tables', () => {
  it('English and Chinese have the same keys', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('no string is empty', () => {
    for (const table of [en, zh] as Record<string, string>[]) {
      expect(Object.entries(table).filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    }
  });

  it('both languages fill the same {params}', () => {
    const differ = Object.keys(en).filter((k) => {
      const key = k as keyof typeof en;
      return [...new Set(params(en[key]))].join() !== [...new Set(params(zh[key]))].join();
    });
    expect(differ).toEqual([]);
  });

  it('a message with two forms ("one | other") uses {count}', () => {
    const plural = Object.keys(en).filter((k) => en[k as keyof typeof en].includes(' | '));
    expect(plural.length).toBeGreaterThan(0);
    for (const k of plural) expect(en[k as keyof typeof en]).toContain('{count}');
  });
});

describe('translate', () => {
  it('fills params and picks the form for the count', () => {
    expect(translate('jobs.countJobs', { count: 1 }, 'en')).toBe('1 job');
    expect(translate('jobs.countJobs', { count: 3 }, 'en')).toBe('3 jobs');
    expect(translate('jobs.countJobs', { count: 3 }, 'zh-CN')).toBe('3 个任务');
    expect(translate('common.deleteName', { name: 'nightly' }, 'zh-CN')).toBe('删除 nightly？');
  });
});

describe('the first language', () => {
  afterEach(() => {
    localStorage.clear();
    dayjs.locale('en');
  });

  it('is the stored choice', () => {
    localStorage.setItem('crony.lang', 'zh-CN');
    expect(initialLang()).toBe('zh-CN');
  });

  it('else the browser: any zh* is Simplified Chinese, anything else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-TW', 'en']);
    expect(initialLang()).toBe('zh-CN');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'zh-CN']);
    expect(initialLang()).toBe('en');
  });
});
