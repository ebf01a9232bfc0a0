/**
 * The dashboard's languages: English and Simplified Chinese. en.ts holds every string and
 * names its key; zh.ts must carry the same keys (a missing one is a type error, and
 * i18n.test.ts also checks that no value is empty and the {params} match).
 *
 * Everything calls `t('jobs.title')` or `t('jobs.nameDeleted', { name })`, in components and
 * in helpers alike: switching the language remounts the whole tree (see LanguageProvider),
 * so every string is made again in the new language.
 */
import { ConfigProvider } from 'antd';
// the ES modules: the CommonJS antd/locale/* lose their default export in the production build
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { zh } from './zh';

export type { MessageKey } from './en';
export type Lang = 'en' | 'zh-CN';
export const LANGS: Lang[] = ['en', 'zh-CN'];
export type Params = Record<string, string | number>;

const tables: Record<Lang, Record<MessageKey, string>> = { en, 'zh-CN': zh };
const STORAGE_KEY = 'crony.lang';

/** The stored choice; else the browser's first preference (any zh* is Simplified Chinese); else English. */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'zh-CN') return stored;
  } catch {
    // storage blocked: fall through to the browser's preference
  }
  const preferred = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  const first = preferred.find(Boolean) ?? 'en';
  return first.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

let current: Lang = 'en';

/** The language the dashboard shows now. */
export function currentLang(): Lang {
  return current;
}

/** Makes `lang` current for t(), dayjs and <html lang>; LanguageProvider calls it (the tests reset with it). */
export function applyLanguage(lang: Lang) {
  current = lang;
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * `{name}` in the message is replaced by `params.name`. A message with two forms, "one | other"
 * (English "{count} job | {count} jobs"), takes the first when `params.count` is 1.
 */
export function translate(key: MessageKey, params?: Params, lang: Lang = current): string {
  let message: string = tables[lang][key] ?? en[key] ?? key;
  const forms = message.split(' | ');
  if (forms.length === 2) message = params?.count === 1 ? forms[0]! : forms[1]!;
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The string of `key` in the current language. Call it while rendering (or in a handler),
 * never at module level: a string made when a file loads would stay in the first language.
 */
export function t(key: MessageKey, params?: Params): string {
  return translate(key, params);
}

/** The groups of API enum values with labels (`enum.<group>.<VALUE>` in en.ts). */
export type EnumGroup = MessageKey extends infer K ? (K extends `enum.${infer G}.${string}` ? G : never) : never;

/** The label of an enum value the API sends (a status, a role...); a value without one shows as it is. */
export function enumLabel(group: EnumGroup, value: string | null | undefined): string {
  if (value == null) return '';
  const key = `enum.${group}.${value}`;
  return key in en ? translate(key as MessageKey) : value;
}

interface LanguageContext {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

const Context = createContext<LanguageContext>({ lang: 'en', setLang: () => {} });

/**
 * Holds the language, gives antd and dayjs theirs and sets <html lang>. `lang` fixes it
 * (the tests do); otherwise it is the stored choice or the browser's, and a switch is stored.
 */
export function LanguageProvider({ lang: fixed, children }: { lang?: Lang; children: ReactNode }) {
  const [lang, setState] = useState<Lang>(() => fixed ?? initialLang());
  // set before the children render, so their first strings are already in this language
  if (current !== lang || document.documentElement.lang !== lang) applyLanguage(lang);
  const setLang = useCallback((next: Lang) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // not remembered, still switched
    }
    applyLanguage(next);
    setState(next);
  }, []);
  const value = useMemo<LanguageContext>(() => ({ lang, setLang }), [lang, setLang]);
  return (
    <Context.Provider value={value}>
      {/* no space forced between two Chinese characters on a button ("保存", not "保 存") */}
      <ConfigProvider locale={lang === 'zh-CN' ? zhCN : enUS} button={{ autoInsertSpace: false }}>
        {/* a new key remounts the tree: every string, column and formatter is made again */}
        <Fragment key={lang}>{children}</Fragment>
      </ConfigProvider>
    </Context.Provider>
  );
}

/** The current language and the switch (LanguageSwitcher uses it). */
export function useLang(): LanguageContext {
  return useContext(Context);
}
