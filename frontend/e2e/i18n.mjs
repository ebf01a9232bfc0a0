// The dashboard's own strings for the browser tests, so one flow runs in both languages:
// scripts/test-e2e.sh runs every test file once with E2E_LANG=en and once with
// E2E_LANG=zh-CN. A test names a string by its English text as en.ts has it, and gets
// it in the language of the run:
//   tr('New job')                     'New job' or '新建任务'
//   tr('Delete {name}?', { name })    with its params filled
//   trRe('Execution #{id}')           a RegExp, unfilled params matching anything
// The tables are read from src/i18n/*.ts (types stripped by oxc, which vite brings).
import { readFileSync } from 'node:fs';
import { transformSync } from 'rolldown/utils';

/** The language of this run: en (the default) or zh-CN. */
export const lang = process.env.E2E_LANG === 'zh-CN' ? 'zh-CN' : 'en';
/** The browser's own language for the run: the dashboard takes its first choice from it. */
export const browserLocale = lang === 'zh-CN' ? 'zh-CN' : 'en-US';

async function table(file, name) {
  const source = readFileSync(new URL(`../src/i18n/${file}`, import.meta.url), 'utf8');
  const { code } = transformSync(file, source, { lang: 'ts' });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`))[name];
}

const en = await table('en.ts', 'en');
const zh = await table('zh.ts', 'zh');
const current = lang === 'zh-CN' ? zh : en;

/** The key of an English text; a text two keys share must mean the same in Chinese too. */
function keyOf(english) {
  const keys = Object.keys(en).filter((k) => en[k] === english);
  if (keys.length === 0) throw new Error(`no string "${english}" in src/i18n/en.ts`);
  // checked against Chinese in both runs, so the English run fails on it too
  if (new Set(keys.map((k) => zh[k])).size > 1) throw new Error(`"${english}" has several translations (${keys.join(', ')}): use tk(key)`);
  return keys[0];
}

/** As the dashboard's translate(): "one | other" by params.count, then {params} filled. */
function fill(message, params) {
  const forms = message.split(' | ');
  if (forms.length === 2) message = params?.count === 1 ? forms[0] : forms[1];
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The string of `key` in this run's language. */
export function tk(key, params) {
  if (!(key in current)) throw new Error(`no key ${key}`);
  return fill(current[key], params);
}

/** The English text `english` (exactly as in en.ts) in this run's language. */
export function tr(english, params) {
  return tk(keyOf(english), params);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A RegExp for the text: params not given match anything; `exact` anchors it. */
export function trRe(english, params = {}, { exact = false } = {}) {
  const message = fill(current[keyOf(english)], { count: 2, ...params });
  const pattern = message
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
    .join('');
  return new RegExp(exact ? `^${pattern}$` : pattern);
}

/**
 * The dashboard's English strings that Chinese words otherwise, whole (no params, no
 * plural forms): in the Chinese run none of them may be left on a page. Not a single
 * lowercase word: `default` or `key` is as often a name in the data (the department
 * `default`) as the dashboard's word.
 */
export const englishOnly = new Set(
  Object.keys(en)
    .filter((k) => zh[k] !== undefined && zh[k] !== en[k])
    .map((k) => en[k])
    .filter((text) => !/\{\w+\}| \| /.test(text) && !/^[a-z][\w-]*$/.test(text)),
);

/**
 * The words a Chinese page may show in Latin letters outside the data (the data is marked
 * `data-literal` in the components): the product's name and the technical terms Chinese
 * writes in Latin letters too.
 */
export const latinWords = new Set(['Crony', 'cron', 'Cron', 'HTTP', 'HTTPS', 'gRPC', 'JSON', 'URL', 'CPU', 'API', 'UTC', 'ics', 'SDK', 'LDAP']);

/** Names of more than one word that Chinese writes in Latin letters too. */
const latinPhrases = /OpenID Connect/g;

/** The runs of three or more Latin letters in `text` that are not among latinWords. */
export function latinLeft(text) {
  return (text.replace(latinPhrases, '').match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !latinWords.has(word));
}

/** A screenshot's file name for this run: `jobs.png`, or `jobs-zh.png` in Chinese. */
export function shot(file) {
  return lang === 'zh-CN' ? file.replace(/\.png$/, '-zh.png') : file;
}

const reasons = JSON.parse(readFileSync(new URL('../src/i18n/reasons.json', import.meta.url), 'utf8'));

/** A server reason (docs/api.md, "Reasons") as the dashboard words it in this run's language. */
export function trReason(code, params = {}) {
  const sentence = reasons.codes[code]?.[lang];
  if (!sentence) throw new Error(`no reason code ${code} in src/i18n/reasons.json`);
  return sentence.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? (reasons.words[name]?.[params[name]]?.[lang] ?? String(params[name])) : whole,
  );
}
