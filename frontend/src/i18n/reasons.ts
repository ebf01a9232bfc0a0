/**
 * The server's reasons (why a job waits unassigned, why a fire moved, why an event was
 * ignored) in the reader's language. The server sends each as a stable code with its
 * values and the English sentence; reasons.json, a copy of the server's own table
 * (crony-common's ReasonTextsTest fails when they differ), words every code in every
 * language. A code this dashboard does not know yet (a newer server) shows the English.
 */
import table from './reasons.json';
import { currentLang, type Lang } from './index';

/** A reason as the API sends it. */
export interface Reason {
  code: string;
  params: Record<string, string>;
  text: string;
}

type Sentences = Partial<Record<Lang, string>>;
const codes: Record<string, Sentences | undefined> = table.codes;
const words: Record<string, Record<string, Sentences | undefined> | undefined> = table.words;

/** One reason in `lang`: its code's sentence with the values filled in (a weekday as a word). */
export function reasonText(reason: Reason, lang: Lang = currentLang()): string {
  const sentence = codes[reason.code]?.[lang];
  if (!sentence) return reason.text;
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = reason.params[name];
    if (value === undefined) return whole;
    return words[name]?.[value]?.[lang] ?? value;
  });
}

/** Several reasons as one sentence; the English `fallback` when the server sent no codes. */
export function reasonsText(reasons: Reason[] | null | undefined, fallback?: string | null): string {
  if (!reasons || reasons.length === 0) return fallback ?? '';
  return reasons.map((r) => reasonText(r)).join(currentLang() === 'zh-CN' ? '；' : '; ');
}

/**
 * A note the platform wrote (a run's error) in `lang` when the server sent it as a code,
 * else the text as it came (a target's own answer, an older run).
 */
export function noteText(reason: Reason | null | undefined, text?: string | null, lang: Lang = currentLang()): string {
  return reason ? reasonText(reason, lang) : (text ?? '');
}

/** Every code the table words, for the tests. */
export const REASON_CODES = Object.keys(codes);
