/**
 * A 400's field errors in the reader's language. The server sends each with a stable code
 * and its values beside the English message; fieldErrors.json words every code in every
 * language (crony-web's FieldErrorTextsTest fails on a code it lacks). A code this
 * dashboard does not know (a newer server), and INVALID (a failure a framework reports
 * that Crony cannot name; every rule of Crony's has a code), show the server's message as
 * it came.
 */
import table from './fieldErrors.json';
import { currentLang, type Lang } from './index';

type Sentences = Partial<Record<Lang, string>>;
const codes: Record<string, Sentences | undefined> = table.codes;
const words: Record<string, Record<string, Sentences | undefined> | undefined> = table.words;

/** One field error in `lang`: its code's sentence with the values filled in. */
export function fieldErrorText(
  error: { code?: string; params?: Record<string, string>; message: string },
  lang: Lang = currentLang(),
): string {
  if (!error.code || error.code === 'INVALID') return error.message;
  const sentence = codes[error.code]?.[lang];
  if (!sentence) return error.message;
  const params = error.params ?? {};
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return words[name]?.[value]?.[lang] ?? value;
  });
}

/** Every code the table words, for the tests. */
export const FIELD_ERROR_CODES = Object.keys(codes);
